import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { jsonResponse, mockFetch, renderApp, testUser } from '@/test/render';

const DAY = 24 * 60 * 60 * 1000;

const member = testUser;

// The splash takes 3 x 800 ms before the main screen shows.
const SPLASH = { timeout: 4000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/dashboard', () => {
  it('plays the splash, then greets the member by first name', async () => {
    mockFetch({ 'GET /api/auth/me': () => jsonResponse(member()) });
    renderApp(<AppRoutes />, { route: '/dashboard' });

    expect(await screen.findByText('Clear consent, recorded with respect.', {}, SPLASH)).toBeInTheDocument();
    expect(await screen.findByText('Ready', {}, SPLASH)).toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Alex!', {}, SPLASH)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Starting something romantic?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start New' })).toHaveAttribute('href', '/consent/new');
    expect(screen.getByRole('link', { name: 'Learn' })).toHaveAttribute('href', '/learn');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns about a scheduled deletion with a day countdown and a Resubscribe Now button', async () => {
    mockFetch({
      'GET /api/auth/me': () =>
        jsonResponse(member({ accountDeletionDate: new Date(Date.now() + 2.5 * DAY).toISOString(), subscriptionStatus: 'active' })),
    });
    renderApp(<AppRoutes />, { route: '/dashboard' });

    const banner = await screen.findByRole('alert', {}, SPLASH);
    expect(banner).toHaveTextContent('deleted in 3 days');
    expect(screen.getByRole('link', { name: 'Resubscribe Now' })).toHaveAttribute('href', '/subscribe');
  });

  it('verifies a returning payment once, rewrites the URL and shows the green banner', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => jsonResponse(member()),
      'POST /api/stripe/verify-payment': () => jsonResponse({ subscriptionStatus: 'active' }),
    });
    renderApp(<AppRoutes />, { route: '/dashboard?payment_success=1' });

    expect(await screen.findByText('Payment successful. Welcome aboard!', {}, SPLASH)).toBeInTheDocument();
    const verifyCalls = fetchMock.mock.calls.filter(([url]) => url === '/api/stripe/verify-payment');
    expect(verifyCalls).toHaveLength(1);
    expect(verifyCalls[0][1]?.body).toBeUndefined();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
  });
});
