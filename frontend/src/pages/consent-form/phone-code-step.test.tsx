import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { stubCamera } from '@/test/camera';
import { testSession } from '@/test/consent-session';
import { CONFIRM_CODE, enterPhoneCode, PHONE_CODE_HANDLERS, SEND_CODE } from '@/test/phone-code';
import { jsonResponse, mockFetch, renderApp } from '@/test/render';

const FORM = '/consent/form/ciq-server-1?token=secret-token';
const QR_PATH = 'GET /api/consent/sessions/qr/ciq-server-1';

async function continueFromDetails(handlers: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch({ [QR_PATH]: () => jsonResponse(testSession()), ...PHONE_CODE_HANDLERS, ...handlers });
  renderApp(<AppRoutes />, { route: FORM });
  const u = userEvent.setup();
  await u.type(await screen.findByLabelText('Your name'), 'Jamie Lee');
  await u.type(screen.getByLabelText('Phone number'), '+1 555 010 0100');
  await u.click(within(screen.getByRole('group', { name: 'Are you over 18?' })).getByRole('button', { name: 'Yes' }));
  await u.click(screen.getByRole('button', { name: 'Continue' }));
  return { fetchMock, u };
}

const callsTo = (fetchMock: ReturnType<typeof mockFetch>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method} ${String(url)}` === key);
const refusal = (error: string, code: string, status: number) => () => jsonResponse({ error, code }, status);

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('/consent/form: the partner confirms their phone', () => {
  it('texts the number from step 0, then asks for the code before the questions and the camera', async () => {
    const getUserMedia = stubCamera();
    const { fetchMock, u } = await continueFromDetails({});
    expect(await screen.findByRole('heading', { name: 'Confirm your phone' })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
    expect(screen.getByText(/ending 00/)).toBeInTheDocument();
    expect(callsTo(fetchMock, SEND_CODE).map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { recipientPhone: '+1 555 010 0100' },
    ]);
    expect(getUserMedia).not.toHaveBeenCalled();

    await enterPhoneCode(u, '654321');
    expect(await screen.findByRole('heading', { name: 'Just for you' })).toBeInTheDocument();
    expect(callsTo(fetchMock, CONFIRM_CODE).map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { code: '654321' },
    ]);
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it("shows the server's answer to a wrong code and stays, then goes on with the right one", async () => {
    stubCamera();
    let tries = 0;
    const { u } = await continueFromDetails({
      [CONFIRM_CODE]: () =>
        ++tries === 1
          ? refusal('That code is not right: 4 tries left', 'phone_code_wrong', 400)()
          : PHONE_CODE_HANDLERS[CONFIRM_CODE](),
    });
    await enterPhoneCode(u, '111111');
    expect(await screen.findByText('That code is not right: 4 tries left')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Confirm your phone' })).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Code from the text'));
    await enterPhoneCode(u, '222222');
    expect(await screen.findByRole('heading', { name: 'Just for you' })).toBeInTheDocument();
  });

  it("shows the server's check of a code that is not 6 digits", async () => {
    stubCamera();
    const { u } = await continueFromDetails({
      [CONFIRM_CODE]: refusal('Enter the 6-digit code', 'validation_failed', 400),
    });
    await enterPhoneCode(u, '1234');
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Confirm your phone' })).toBeInTheDocument();
  });

  it('sends a new code on request, counting down the resends, and goes back to change the number', async () => {
    stubCamera();
    let sends = 0;
    const { fetchMock, u } = await continueFromDetails({
      [SEND_CODE]: () =>
        jsonResponse({
          sentTo: '••••••00',
          expiresAt: '2030-01-01T00:12:00.000Z',
          resendsLeft: 3 - sends++,
          verified: false,
        }),
      [CONFIRM_CODE]: refusal('That code is not right: 4 tries left', 'phone_code_wrong', 400),
    });
    await enterPhoneCode(u, '111111');
    expect(await screen.findByText('That code is not right: 4 tries left')).toBeInTheDocument();
    await u.click(await screen.findByRole('button', { name: 'New code (3 left)' }));
    expect(await screen.findByRole('button', { name: 'New code (2 left)' })).toBeInTheDocument();
    expect(callsTo(fetchMock, SEND_CODE)).toHaveLength(2);

    await u.click(screen.getByRole('button', { name: 'Change number' }));
    expect(await screen.findByLabelText('Phone number')).toBeInTheDocument();
    // The code's refusal stays with the code: step 0 shows no error for the number.
    expect(screen.queryByText('That code is not right: 4 tries left')).not.toBeInTheDocument();
  });

  it("says why at step 0 when no code can be sent (the member's own number), and stays there", async () => {
    stubCamera();
    await continueFromDetails({
      [SEND_CODE]: refusal("This is the member's own phone number. Enter your own number.", 'phone_is_members', 400),
    });
    expect(
      await screen.findByText("This is the member's own phone number. Enter your own number."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Confirm your phone' })).not.toBeInTheDocument();
  });

  it('goes straight on to the questions when this number was already proved (a reload after the code)', async () => {
    stubCamera();
    const { fetchMock } = await continueFromDetails({
      [SEND_CODE]: () =>
        jsonResponse({ sentTo: '••••••00', expiresAt: '2030-01-01T00:12:00.000Z', resendsLeft: 3, verified: true }),
    });
    expect(await screen.findByRole('heading', { name: 'Just for you' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, CONFIRM_CODE)).toEqual([]));
  });
});
