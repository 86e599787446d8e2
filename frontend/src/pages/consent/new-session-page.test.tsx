import type { ConsentSession } from '@app/contracts';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { StrictMode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/components/ui/use-toast';
import { AUTH_TOKEN_KEY } from '@/lib/auth/auth-token';
import { formatDateTime } from '@/lib/date-time';
import MemberSessionPage from '@/pages/consent/member-session-page';
import { MEMBER_SESSION_ROUTE } from '@/pages/consent/member-session-path';
import NewSessionPage from '@/pages/consent/new-session-page';
import { testSession } from '@/test/consent-session';
import { liveServer, liveSockets, openLiveSockets } from '@/test/fake-live-socket';
import { advance, expectPolling, expectQuietWhileConnected } from '@/test/live-polling';
import { memberPhoneHandlers, unprovedMember } from '@/test/member-phone';
import { enterPhoneCode } from '@/test/phone-code';
import { jsonResponse, mockFetch, renderApp, sentBody, testUser } from '@/test/render';

const created = (overrides: Partial<ConsentSession> = {}) => testSession({ recipientToken: 'tok+1/=', ...overrides });

/** Answers the session's GETs in turn, repeating the last one. */
function answers(...sessions: ConsentSession[]) {
  let call = 0;
  return () => jsonResponse(sessions[Math.min(call++, sessions.length - 1)]);
}

function renderScreens(route: string) {
  // StrictMode runs effects twice: the page must still create a single session.
  return renderApp(
    <StrictMode>
      <Routes>
        <Route path="/consent/new" element={<NewSessionPage />} />
        <Route path={MEMBER_SESSION_ROUTE} element={<MemberSessionPage />} />
        <Route path="*" element={null} />
      </Routes>
    </StrictMode>,
    { route },
  );
}

function renderPage(handlers: Parameters<typeof mockFetch>[0], route = '/consent/new') {
  const fetchMock = mockFetch({ 'GET /api/auth/me': () => jsonResponse(testUser()), ...handlers });
  renderScreens(route);
  return fetchMock;
}

const location = () => screen.getByTestId('location');

const calls = (fetchMock: ReturnType<typeof mockFetch>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);

const pollOnce = () => act(() => vi.advanceTimersByTimeAsync(2_000));

// jsdom cannot draw; what matters is what the page asks the library to encode, and how.
vi.mock('qrcode', () => ({ default: { toCanvas: vi.fn(() => Promise.resolve()) } }));
const toCanvas = vi.mocked(QRCode.toCanvas);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // The spec's screens as they run without a live socket (none could connect): polled every 2 s. The tests that
  // push or connect say so.
  liveServer.reachable = false;
});

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  toCanvas.mockClear();
  localStorage.clear();
});

describe('/consent/new', () => {
  it('creates one session with the spec payload and shows its QR code', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'member-token');
    const fetchMock = renderPage({
      'POST /api/consent/sessions': () => jsonResponse(created(), 201),
      'GET /api/consent/sessions/s1': answers(testSession()),
    });

    expect(await screen.findByRole('heading', { name: 'Waiting on Response' })).toBeInTheDocument();
    // The screen's address is the session's, so a reload shows this session again.
    expect(location()).toHaveTextContent('/consent/sessions/s1');
    const canvas = screen.getByRole('img', { name: 'Consent QR code' });
    expect(canvas.tagName).toBe('CANVAS');
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeEnabled();
    await waitFor(() =>
      expect(toCanvas).toHaveBeenCalledWith(
        canvas,
        `${window.location.origin}/consent/form/ciq-server-1?token=tok%2B1%2F%3D`,
        {
          width: 160,
          margin: 2,
        },
      ),
    );

    const posts = calls(fetchMock, 'POST /api/consent/sessions');
    expect(posts).toHaveLength(1);
    expect(posts[0][1]?.headers).toMatchObject({ Authorization: 'Bearer member-token' });
    const payload = sentBody(fetchMock, '/api/consent/sessions') as Record<string, unknown>;
    expect(payload).toEqual({
      qrCodeId: expect.stringMatching(/^ciq-[0-9a-z]+-[0-9a-z]+$/),
      initiatorUserId: 'u1',
      initiatorFullName: 'Alex Doe',
      verifiedOver18: false,
      recipientFullName: '',
      recipientPhone: '',
      consentStatus: 'pending',
      deleteAfterDays: 90,
    });
  });

  it('polls every 2 s, shows the analysis, then the good news with the grant time, and stops polling', async () => {
    const grantedAt = '2030-01-01T00:05:00.000Z';
    const fetchMock = renderPage({
      'POST /api/consent/sessions': () => jsonResponse(created(), 201),
      'GET /api/consent/sessions/s1': answers(
        testSession({ aiVerdict: 'processing' }),
        testSession({ aiVerdict: 'granted', consentStatus: 'granted', consentGrantedTime: grantedAt }),
      ),
    });
    await screen.findByRole('heading', { name: 'Waiting on Response' });
    expect(calls(fetchMock, 'GET /api/consent/sessions/s1')).toHaveLength(0);

    await pollOnce();
    expect(await screen.findByRole('heading', { name: 'AI is Analyzing' })).toBeInTheDocument();
    await pollOnce();
    expect(await screen.findByRole('heading', { name: 'Good News' })).toBeInTheDocument();
    expect(screen.getByText(formatDateTime(grantedAt)!)).toBeInTheDocument();

    await pollOnce();
    await pollOnce();
    expect(calls(fetchMock, 'GET /api/consent/sessions/s1')).toHaveLength(2);
  });

  it('shows the verdict the moment it is pushed, without waiting for a poll, then closes the socket', async () => {
    liveServer.reachable = true;
    const fetchMock = renderPage({
      'POST /api/consent/sessions': () => jsonResponse(created(), 201),
      'GET /api/consent/sessions/s1': answers(testSession()),
    });
    await screen.findByRole('heading', { name: 'Waiting on Response' });
    await waitFor(() => expect(openLiveSockets()[0]?.handlers.has('session-updated')).toBe(true));
    act(() => openLiveSockets()[0].push(testSession({ aiVerdict: 'denied', consentStatus: 'denied' })));
    expect(await screen.findByRole('heading', { name: 'No Consent' })).toBeInTheDocument();
    // Only the read made when the socket connected.
    expect(calls(fetchMock, 'GET /api/consent/sessions/s1')).toHaveLength(1);
    // Nothing more to hear: the socket is closed, and no more polls.
    await waitFor(() => expect(openLiveSockets()).toEqual([]));
    expect(liveSockets.length).toBeGreaterThan(0);
    await pollOnce();
    expect(calls(fetchMock, 'GET /api/consent/sessions/s1')).toHaveLength(1);
  });

  it('polls only while the live socket is down: stops once it connects, reads once on each connection, polls again every 2 s after a disconnect', async () => {
    const fetchMock = renderPage({
      'POST /api/consent/sessions': () => jsonResponse(created(), 201),
      'GET /api/consent/sessions/s1': answers(testSession()),
    });
    const reads = () => calls(fetchMock, 'GET /api/consent/sessions/s1').length;
    await screen.findByRole('heading', { name: 'Waiting on Response' });
    await waitFor(() => expect(openLiveSockets()[0]?.handlers.has('connect')).toBe(true));
    const live = openLiveSockets()[0];
    // The socket could not connect: the spec's polling.
    await expectPolling(reads);

    act(() => live.fire('connect'));
    await waitFor(() => expect(reads()).toBeGreaterThan(0));
    const reconnected = await expectQuietWhileConnected(live, reads);
    await advance(10_000);
    expect(reads()).toBeLessThanOrEqual(reconnected + 1);
    expect(screen.getByRole('heading', { name: 'Waiting on Response' })).toBeInTheDocument();
  });

  it("shows 'Session Error' with the spec's failure text when the analysis failed, and Try Again starts a new session", async () => {
    let sessionNumber = 0;
    const fetchMock = renderPage({
      'POST /api/consent/sessions': () => {
        sessionNumber++;
        return jsonResponse(created({ id: `s${sessionNumber}`, qrCodeId: `ciq-server-${sessionNumber}` }), 201);
      },
      'GET /api/consent/sessions/s1': answers(
        testSession({ aiVerdict: 'processing' }),
        testSession({ aiVerdict: 'failed' }),
      ),
      'GET /api/consent/sessions/s2': answers(testSession({ id: 's2' })),
    });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('heading', { name: 'Waiting on Response' });
    await pollOnce();
    await pollOnce();
    expect(await screen.findByRole('heading', { name: 'Session Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('AI processing failed - please try again');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    await pollOnce();
    expect(calls(fetchMock, 'GET /api/consent/sessions/s1')).toHaveLength(2);

    await u.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Waiting on Response' })).toBeInTheDocument();
    expect(calls(fetchMock, 'POST /api/consent/sessions')).toHaveLength(2);
  });

  it("never shows 'Good News' unless the deciding value is granted", async () => {
    renderPage({
      'POST /api/consent/sessions': () => jsonResponse(created(), 201),
      'GET /api/consent/sessions/s1': answers(testSession({ consentStatus: 'granted', aiVerdict: 'denied' })),
    });
    await screen.findByRole('heading', { name: 'Waiting on Response' });
    await pollOnce();
    expect(await screen.findByRole('heading', { name: 'No Consent' })).toBeInTheDocument();
    expect(screen.queryByText('Good News')).not.toBeInTheDocument();
  });

  it("'Request another check in' creates a new session after 0.5 s", async () => {
    let sessionNumber = 0;
    const fetchMock = renderPage({
      'POST /api/consent/sessions': () => {
        sessionNumber++;
        return jsonResponse(created({ id: `s${sessionNumber}`, qrCodeId: `ciq-server-${sessionNumber}` }), 201);
      },
      'GET /api/consent/sessions/s1': answers(testSession({ aiVerdict: 'denied', consentStatus: 'denied' })),
      'GET /api/consent/sessions/s2': answers(testSession({ id: 's2' })),
    });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('heading', { name: 'Waiting on Response' });
    await pollOnce();

    await u.click(await screen.findByRole('button', { name: 'Request another check in' }));
    expect(screen.getByRole('heading', { name: 'Generating QR code...' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(calls(fetchMock, 'POST /api/consent/sessions')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await screen.findByRole('heading', { name: 'Waiting on Response' })).toBeInTheDocument();
    expect(calls(fetchMock, 'POST /api/consent/sessions')).toHaveLength(2);
    await waitFor(() =>
      expect(toCanvas).toHaveBeenLastCalledWith(
        expect.anything(),
        expect.stringContaining('/consent/form/ciq-server-2?token='),
        expect.anything(),
      ),
    );
  });

  it('Close leaves for the dashboard', async () => {
    renderPage({
      'POST /api/consent/sessions': () => jsonResponse(created({ aiVerdict: 'denied', consentStatus: 'denied' }), 201),
    });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await u.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it("shows 'Session Error' when creation fails, and Try Again retries", async () => {
    let attempts = 0;
    const fetchMock = renderPage({
      'POST /api/consent/sessions': () =>
        ++attempts === 1
          ? jsonResponse({ error: 'An active subscription is required' }, 403)
          : jsonResponse(created(), 201),
    });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    expect(await screen.findByRole('heading', { name: 'Session Error' })).toBeInTheDocument();
    expect(await screen.findByText('Session creation failed')).toBeInTheDocument();
    expect(screen.getAllByText('An active subscription is required').length).toBeGreaterThan(0);

    await u.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Waiting on Response' })).toBeInTheDocument();
    expect(calls(fetchMock, 'POST /api/consent/sessions')).toHaveLength(2);
  });

  it("falls back to 'Failed to create consent session' and Go Back returns to the dashboard", async () => {
    renderPage({ 'POST /api/consent/sessions': () => new Response(null, { status: 500, statusText: '' }) });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    expect(await screen.findByRole('heading', { name: 'Session Error' })).toBeInTheDocument();
    expect(screen.getAllByText('Failed to create consent session').length).toBeGreaterThan(0);
    await u.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it('after a reload shows the same QR code, and creates no new session', async () => {
    const fetchMock = renderPage({
      'POST /api/consent/sessions': () => jsonResponse(created(), 201),
      'GET /api/consent/sessions/s1': answers(testSession()),
    });
    await screen.findByRole('heading', { name: 'Waiting on Response' });
    await waitFor(() => expect(toCanvas).toHaveBeenCalled());
    const shown = toCanvas.mock.calls[0][1];
    cleanup();
    toCanvas.mockClear();

    renderScreens('/consent/sessions/s1');
    expect(await screen.findByRole('heading', { name: 'Waiting on Response' })).toBeInTheDocument();
    await waitFor(() => expect(toCanvas).toHaveBeenCalledWith(expect.anything(), shown, expect.anything()));
    expect(calls(fetchMock, 'POST /api/consent/sessions')).toHaveLength(1);
    expect(calls(fetchMock, 'GET /api/consent/sessions/s1')).toHaveLength(1);
  });

  it('after a reload shows the verdict that came meanwhile, and forgets the link token', async () => {
    localStorage.setItem('ciq.link-token.s1', 'tok+1/=');
    renderPage(
      {
        'GET /api/consent/sessions/s1': answers(
          testSession({
            aiVerdict: 'granted',
            consentStatus: 'granted',
            consentGrantedTime: '2030-01-01T00:05:00.000Z',
          }),
        ),
      },
      '/consent/sessions/s1',
    );
    expect(await screen.findByRole('heading', { name: 'Good News' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('ciq.link-token.s1')).toBeNull());
  });

  it('in a browser that never had the link token, says where the QR code is and offers a new one', async () => {
    const fetchMock = renderPage(
      {
        'POST /api/consent/sessions': () => jsonResponse(created({ id: 's2', qrCodeId: 'ciq-server-2' }), 201),
        'GET /api/consent/sessions/s1': answers(testSession()),
        'GET /api/consent/sessions/s2': answers(testSession({ id: 's2' })),
      },
      '/consent/sessions/s1',
    );
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(await screen.findByRole('heading', { name: 'Waiting on Response' })).toBeInTheDocument();
    expect(screen.getByText(/shown in another browser/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Consent QR code' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Start New' }));
    await waitFor(() => expect(location()).toHaveTextContent('/consent/sessions/s2'));
    expect(calls(fetchMock, 'POST /api/consent/sessions')).toHaveLength(1);
  });

  it("reports failed polls once with the spec's 'Failed to get consent session', keeps polling and the last state", async () => {
    let polls = 0;
    renderPage({
      'POST /api/consent/sessions': () => jsonResponse(created(), 201),
      'GET /api/consent/sessions/s1': () =>
        ++polls <= 3
          ? new Response('', { status: 503, statusText: 'Service Unavailable' })
          : jsonResponse(testSession({ aiVerdict: 'denied', consentStatus: 'denied' })),
    });
    await screen.findByRole('heading', { name: 'Waiting on Response' });
    await pollOnce();
    expect(await screen.findByText('Failed to get consent session')).toBeInTheDocument();
    act(() => dismissToast());
    await waitFor(() => expect(screen.queryByText('Failed to get consent session')).not.toBeInTheDocument());
    await pollOnce();
    await pollOnce();
    expect(polls).toBe(3);
    expect(screen.queryByText('Failed to get consent session')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Waiting on Response' })).toBeInTheDocument();
    await pollOnce();
    expect(await screen.findByRole('heading', { name: 'No Consent' })).toBeInTheDocument();
  });

  it('says a session it cannot find is invalid or expired', async () => {
    renderPage(
      {
        'GET /api/consent/sessions/nope': () =>
          jsonResponse({ error: 'This consent session is invalid or has expired.', code: 'session_not_found' }, 404),
      },
      '/consent/sessions/nope',
    );
    expect(await screen.findByRole('heading', { name: 'Session Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This consent session is invalid or has expired.');
  });

  it('has a member whose phone is not proved confirm it first, then creates the session', async () => {
    const fetchMock = renderPage({
      ...memberPhoneHandlers(),
      'POST /api/consent/sessions': () => jsonResponse(created(), 201),
      'GET /api/consent/sessions/s1': answers(testSession()),
    });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(await screen.findByRole('heading', { name: 'Confirm your phone' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(calls(fetchMock, 'POST /api/consent/sessions')).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: 'Text me a code' }));
    await enterPhoneCode(u);
    expect(await screen.findByRole('heading', { name: 'Waiting on Response' })).toBeInTheDocument();
    expect(calls(fetchMock, 'POST /api/consent/sessions')).toHaveLength(1);
    expect(location()).toHaveTextContent('/consent/sessions/s1');
  });

  it("brings the card back when the server refuses a member whose phone is not proved (a tab older than the member's data)", async () => {
    let reads = 0;
    const fetchMock = renderPage({
      'GET /api/auth/me': () => jsonResponse(++reads === 1 ? testUser() : unprovedMember()),
      'POST /api/consent/sessions': () =>
        jsonResponse(
          {
            error: 'Prove your phone number with the texted code before starting a consent session',
            code: 'member_phone_not_verified',
          },
          403,
        ),
    });
    expect(await screen.findByRole('heading', { name: 'Confirm your phone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Text me a code' })).toBeEnabled();
    expect(calls(fetchMock, 'POST /api/consent/sessions')).toHaveLength(1);
    expect(reads).toBe(2);
    expect(screen.queryByText('Session creation failed')).not.toBeInTheDocument();
  });

  it('reports a session that expired unanswered', async () => {
    renderPage({
      'POST /api/consent/sessions': () => jsonResponse(created(), 201),
      'GET /api/consent/sessions/s1': answers(testSession({ expired: true })),
    });
    await screen.findByRole('heading', { name: 'Waiting on Response' });
    await pollOnce();
    expect(await screen.findByRole('heading', { name: 'Session Error' })).toBeInTheDocument();
    expect(screen.getByText('This consent session is invalid or has expired.')).toBeInTheDocument();
  });
});
