import type { PartnerCheck } from '@app/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { readDraft, saveDraft } from '@/pages/consent-form/partner-draft';
import { stubCamera } from '@/test/camera';
import { partnerCheck, testSession } from '@/test/consent-session';
import { kept } from '@/test/kept-takes';
import { PHONE_CODE_HANDLERS, PHONE_VERIFIED_AT, SEND_CODE } from '@/test/phone-code';
import { jsonResponse, mockFetch, renderApp } from '@/test/render';
import { retakeOffered } from '@/test/retake-session';

vi.mock('@/pages/consent-form/take-store', () => import('@/test/kept-takes'));

const FORM = '/consent/form/ciq-server-1?token=secret-token';
const QR_PATH = 'GET /api/consent/sessions/qr/ciq-server-1';
const DETAILS = { name: 'Jamie Lee', phone: '+15550100', isOver18: true };
const TAKE = new Blob([new Uint8Array(5 * 1024)], { type: 'video/webm' });
/** This browser proved the phone; `check` as the server then tells the partner. */
const proved = (check: Partial<PartnerCheck> = {}) =>
  testSession({ phoneVerifiedAt: PHONE_VERIFIED_AT, check: partnerCheck(check) });

/** The page as a reload (re)opens it: a new app over the same session storage and take store. */
function reload(handlers: Parameters<typeof mockFetch>[0]) {
  cleanup();
  const fetchMock = mockFetch({ ...PHONE_CODE_HANDLERS, ...handlers });
  renderApp(<AppRoutes />, { route: FORM });
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method} ${String(url)}` === key);

beforeEach(() => {
  stubCamera();
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:take'), revokeObjectURL: vi.fn() });
});

afterEach(() => {
  kept.clear();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('/consent/form: a reload on the partner phone keeps their place', () => {
  it('keeps the details as typed, the over-18 answer with them', async () => {
    reload({ [QR_PATH]: () => jsonResponse(testSession()) });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Your name'), 'Jamie Lee');
    await u.type(screen.getByLabelText('Phone number'), '+1555');
    await u.click(within(screen.getByRole('group', { name: 'Are you over 18?' })).getByRole('button', { name: 'Yes' }));

    reload({ [QR_PATH]: () => jsonResponse(testSession()) });
    expect(await screen.findByLabelText('Your name')).toHaveValue('Jamie Lee');
    expect(screen.getByLabelText('Phone number')).toHaveValue('+1555');
    expect(
      within(screen.getByRole('group', { name: 'Are you over 18?' })).getByRole('button', { name: 'Yes' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('stays at the code once it was texted, without texting another, and keeps the code itself out of the draft', async () => {
    const first = reload({ [QR_PATH]: () => jsonResponse(testSession()) });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Your name'), 'Jamie Lee');
    await u.type(screen.getByLabelText('Phone number'), '+15550100');
    await u.click(within(screen.getByRole('group', { name: 'Are you over 18?' })).getByRole('button', { name: 'Yes' }));
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    await u.type(await screen.findByLabelText('Code from the text'), '123');
    expect(calls(first, SEND_CODE)).toHaveLength(1);

    const again = reload({ [QR_PATH]: () => jsonResponse(testSession()) });
    expect(await screen.findByRole('heading', { name: 'Confirm your phone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New code (3 left)' })).toBeInTheDocument();
    expect(calls(again, SEND_CODE)).toHaveLength(0);
    expect(JSON.stringify(readDraft('s1'))).not.toContain('123');
  });

  it('goes on to the questions once this browser proved the phone, never back to the code', async () => {
    saveDraft('s1', {
      details: DETAILS,
      sent: { sentTo: '••••••00', expiresAt: '2030-01-01T00:12:00.000Z', resendsLeft: 3, verified: false },
    });
    const fetchMock = reload({ [QR_PATH]: () => jsonResponse(proved()) });
    expect(await screen.findByRole('heading', { name: 'Just for you' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Confirm your phone' })).not.toBeInTheDocument();
    expect(calls(fetchMock, SEND_CODE)).toHaveLength(0);
  });

  it('opens the camera with the name typed once the questions were answered Yes', async () => {
    saveDraft('s1', { details: DETAILS });
    reload({ [QR_PATH]: () => jsonResponse(proved({ safetyAnswered: true })) });
    expect(await screen.findByRole('heading', { name: 'Saying Yes?' })).toBeInTheDocument();
    expect(screen.getByText('“My name is Jamie Lee and I consent.”')).toBeInTheDocument();
  });

  it('comes back to the review with the kept take and sends it, with the details typed, then forgets both', async () => {
    saveDraft('s1', { details: DETAILS });
    kept.set('s1', TAKE);
    const fetchMock = reload({
      [QR_PATH]: () => jsonResponse(proved({ safetyAnswered: true })),
      'POST /api/video/assets': () => jsonResponse({ id: 'va1' }, 201),
      'POST /api/upload': () => jsonResponse({ id: 'va1' }, 201),
      'POST /api/consent/process-video': () => jsonResponse(testSession({ aiVerdict: 'processing' })),
      'GET /api/consent/sessions/s1': () => jsonResponse(testSession({ aiVerdict: 'processing' })),
    });
    expect(await screen.findByRole('heading', { name: 'Review & Consent' })).toBeInTheDocument();
    expect(screen.getByText('5 KB')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Yes, I consent' }));

    await waitFor(() => expect(calls(fetchMock, 'POST /api/consent/process-video')).toHaveLength(1));
    const upload = calls(fetchMock, 'POST /api/upload')[0][1]!.body as FormData;
    expect((upload.get('video') as File).size).toBe(TAKE.size);
    const analysis = calls(fetchMock, 'POST /api/consent/process-video')[0][1]!.body as FormData;
    expect(analysis.get('recipient_full_name')).toBe('Jamie Lee');
    expect(analysis.get('recipient_phone')).toBe('+15550100');
    await waitFor(() => expect(kept.has('s1')).toBe(false));
    expect(readDraft('s1')).toEqual({});
  });

  it('forgets the take when the partner goes back to record again', async () => {
    saveDraft('s1', { details: DETAILS });
    kept.set('s1', TAKE);
    reload({ [QR_PATH]: () => jsonResponse(proved({ safetyAnswered: true })) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Saying Yes?' })).toBeInTheDocument();
    await waitFor(() => expect(kept.has('s1')).toBe(false));
  });

  it('opens the camera when no take was kept (no IndexedDB, private mode)', async () => {
    saveDraft('s1', { details: DETAILS });
    reload({ [QR_PATH]: () => jsonResponse(proved({ safetyAnswered: true })) });
    expect(await screen.findByRole('heading', { name: 'Saying Yes?' })).toBeInTheDocument();
  });

  it('asks for the details again, not the code, when this tab kept none', async () => {
    kept.set('s1', TAKE);
    reload({ [QR_PATH]: () => jsonResponse(proved({ safetyAnswered: true })) });
    expect(await screen.findByLabelText('Your name')).toHaveValue('');
  });

  it('keeps recording again after a retake was chosen, with its take', async () => {
    saveDraft('s1', { retakeOf: 1 });
    kept.set('s1', TAKE);
    const retaking = retakeOffered();
    reload({ [QR_PATH]: () => jsonResponse(retaking), 'GET /api/consent/sessions/s1': () => jsonResponse(retaking) });
    expect(await screen.findByRole('heading', { name: 'Review & Consent' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record again' })).not.toBeInTheDocument();
  });

  it('forgets the draft and the take of a session answered before the reload', async () => {
    saveDraft('s1', { details: DETAILS });
    kept.set('s1', TAKE);
    reload({
      [QR_PATH]: () =>
        jsonResponse(testSession({ consentStatus: 'granted', aiVerdict: 'granted', verificationTextSent: true })),
    });
    await waitFor(() => expect(kept.has('s1')).toBe(false));
    expect(readDraft('s1')).toEqual({});
  });
});
