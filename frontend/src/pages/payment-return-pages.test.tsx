import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { dismissToast } from '@/components/ui/use-toast';
import { jsonResponse, mockFetch, renderApp, testUser } from '@/test/render';

const TIMEOUT =
  'Subscription verification is taking longer than expected. Your payment was successful, but please refresh this page or try logging in again.';

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const verifyCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/stripe/verify-payment'));

describe('/success', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it("says 'No payment session found' without a session_id, and asks nothing", async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser({ subscriptionStatus: 'inactive' })),
    });
    renderApp(<AppRoutes />, { route: '/success' });
    expect(await screen.findByText('No payment session found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/subscribe');
    expect(verifyCalls(fetchMock)).toHaveLength(0);
  });

  it('verifies the session_id 5 s apart until active, refreshes the user and goes to /consent/new after 2 s', async () => {
    let status = 'inactive';
    let polls = 0;
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser({ subscriptionStatus: status as 'active' })),
      'POST /api/stripe/verify-payment?session_id=cs_test_1': (init) => {
        expect(init?.body).toBeUndefined();
        polls += 1;
        if (polls === 3) status = 'active';
        return jsonResponse({ subscriptionStatus: status });
      },
    });
    renderApp(<AppRoutes />, { route: '/success?session_id=cs_test_1' });

    await waitFor(() => expect(polls).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(polls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(polls).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(verifyCalls(fetchMock)).toHaveLength(3);

    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(screen.getByTestId('location')).toHaveTextContent('/success');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/consent/new'));
  });

  it('shows the long-wait message after 12 tries without an active subscription', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser({ subscriptionStatus: 'inactive' })),
      'POST /api/stripe/verify-payment?session_id=cs_slow': () => jsonResponse({ subscriptionStatus: 'inactive' }),
    });
    renderApp(<AppRoutes />, { route: '/success?session_id=cs_slow' });
    await waitFor(() => expect(verifyCalls(fetchMock)).toHaveLength(1));
    for (let i = 0; i < 11; i++) await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByText(TIMEOUT)).toBeInTheDocument();
    expect(verifyCalls(fetchMock)).toHaveLength(12);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(verifyCalls(fetchMock)).toHaveLength(12);
  });

  it('shows the failure message when verification fails, with Try Again reloading the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser({ subscriptionStatus: 'inactive' })),
      'POST /api/stripe/verify-payment?session_id=cs_gone': () =>
        jsonResponse({ error: 'No payment session found', code: 'checkout_not_found' }, 404),
    });
    renderApp(<AppRoutes />, { route: '/success?session_id=cs_gone' });
    expect(await screen.findByText('Failed to verify payment. Please try logging in again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toBeInTheDocument();
  });
});

describe('/cancel', () => {
  it("says the spec's text and leads back to the plans", async () => {
    mockFetch({});
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/cancel' });
    expect(
      await screen.findByText('Your payment was cancelled. No charges were made to your account.'),
    ).toBeInTheDocument();
    await u.click(screen.getByRole('link', { name: 'Back to Plans' }));
    // Back to Plans goes to /subscribe (the gate sends a signed-out visitor on to /register).
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/\/(subscribe|register)/));
  });
});
