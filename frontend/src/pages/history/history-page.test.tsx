import type { HistoryPage } from '@app/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { clearAuthToken, setAuthToken } from '@/lib/auth/auth-token';
import { jsonResponse, mockFetch, renderApp, testUser } from '@/test/render';

afterEach(() => {
  act(() => clearAuthToken());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const GRANTED = {
  id: '11111111-1111-4111-8111-111111111111',
  createdAt: '2030-01-02T12:00:00.000Z',
  partnerFirstName: 'Jordan',
  state: 'granted',
  certificate: true,
} as const;
const WAITING = {
  id: '22222222-2222-4222-8222-222222222222',
  createdAt: '2030-01-03T12:00:00.000Z',
  partnerFirstName: null,
  state: 'pending',
  certificate: false,
} as const;
const OLDER = {
  id: '33333333-3333-4333-8333-333333333333',
  createdAt: '2030-01-01T12:00:00.000Z',
  partnerFirstName: 'Sam',
  state: 'withdrawn',
  certificate: true,
} as const;

describe('/history', () => {
  it("lists the member's check-ins with certificates for the final ones, and pages on", async () => {
    const first: HistoryPage = { sessions: [WAITING, GRANTED], nextCursor: GRANTED.id };
    mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser()),
      'GET /api/consent/sessions': () => jsonResponse(first),
      [`GET /api/consent/sessions?before=${GRANTED.id}`]: () => jsonResponse({ sessions: [OLDER], nextCursor: null }),
    });
    renderApp(<AppRoutes />, { route: '/history' });

    const jordan = (await screen.findByText('Jordan')).closest('li')!;
    expect(within(jordan).getByText(/Consent granted/)).toBeInTheDocument();
    // The app's one date format ('Nov 28, 2026, 4:08 AM'), not the browser's default ('1/2/2030, 12:00:00 PM').
    expect(within(jordan).getByText(/^Jan 2, 2030, \d{1,2}:\d{2}\s[AP]M$/)).toHaveAttribute(
      'datetime',
      GRANTED.createdAt,
    );
    expect(within(jordan).getByRole('button', { name: 'Certificate (PDF)' })).toBeInTheDocument();
    expect(within(jordan).getByRole('button', { name: 'Certificate (JSON)' })).toBeInTheDocument();
    const waiting = screen.getByText('Partner not named').closest('li')!;
    expect(within(waiting).queryByRole('button')).toBeNull();
    expect(screen.queryByText(/play/i)).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show older' }));
    const sam = (await screen.findByText('Sam')).closest('li')!;
    expect(within(sam).getByText(/Consent withdrawn/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it("downloads a certificate with the member's Bearer token and cookies", async () => {
    setAuthToken('token-1');
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser()),
      'GET /api/consent/sessions': () => jsonResponse({ sessions: [GRANTED], nextCursor: null }),
      [`GET /api/consent/sessions/${GRANTED.id}/certificate.pdf`]: () => new Response(pdf, { status: 200 }),
    });
    const createObjectURL = vi.fn(() => 'blob:certificate');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp(<AppRoutes />, { route: '/history' });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Certificate (PDF)' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/certificate.pdf'))!;
    expect(call[1]).toMatchObject({ credentials: 'include', headers: { Authorization: 'Bearer token-1' } });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(`consentiq-certificate-${GRANTED.id}.pdf`);
  });

  it('says so when a download fails', async () => {
    mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser()),
      'GET /api/consent/sessions': () => jsonResponse({ sessions: [GRANTED], nextCursor: null }),
    });
    renderApp(<AppRoutes />, { route: '/history' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Certificate (JSON)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The certificate could not be downloaded');
  });
});
