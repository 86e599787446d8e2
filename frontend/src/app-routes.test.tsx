import type { SubscriptionStatus } from '@app/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { setSignInHint } from '@/lib/auth/sign-in-hint';
import { jsonResponse, mockFetch, renderApp, testUser } from '@/test/render';

const member = (subscriptionStatus: SubscriptionStatus) => testUser({ subscriptionStatus });

const site = {
  memberCount: 1234,
  earlyPricingPlacesLeft: 900,
  supportEmail: 'help@example.com',
  paymentProvider: 'stripe',
  paymentPublishableKey: 'pk',
};

function signedInAs(status: SubscriptionStatus | null) {
  return mockFetch({
    'GET /api/auth/me': () => (status ? jsonResponse(member(status)) : new Response('', { status: 401 })),
    'GET /api/site': () => jsonResponse(site),
  });
}

const location = () => screen.getByTestId('location');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  setSignInHint(false);
});

describe('routes', () => {
  it('shows the loading message, then sends signed-out visitors from protected pages to /register (spec section 2)', async () => {
    signedInAs(null);
    renderApp(<AppRoutes />, { route: '/learn' });
    expect(screen.getByText('ConsentIQ...')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/register$/));
  });

  it('brings a signed-out visitor of /history back to /history once signed in through the Sign in link', async () => {
    const fetchMock = signedInAs(null);
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/history' });
    await waitFor(() => expect(location()).toHaveTextContent(/^\/register$/));
    await u.click(await screen.findByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/));

    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input) === '/api/auth/login'
        ? jsonResponse({ user: member('active'), token: 'tok-1' })
        : String(input) === '/api/auth/me'
          ? jsonResponse(member('active'))
          : jsonResponse([]),
    );
    await u.type(await screen.findByLabelText('Email'), 'alex@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret12');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/history$/));
  });

  it("uses 'Loading...' while the home screen's gate waits", () => {
    signedInAs(null);
    renderApp(<AppRoutes />, { route: '/dashboard' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('sends signed-in members without an active subscription to /subscribe', async () => {
    signedInAs('past_due');
    renderApp(<AppRoutes />, { route: '/consent/new' });
    await waitFor(() => expect(location()).toHaveTextContent('/subscribe'));
    expect(await screen.findByRole('heading', { name: 'Choose your plan' })).toBeInTheDocument();
  });

  it('keeps /subscribe for signed-in users only', async () => {
    signedInAs(null);
    renderApp(<AppRoutes />, { route: '/subscribe' });
    await waitFor(() => expect(location()).toHaveTextContent(/^\/register$/));
  });

  it.each(['/', '/login', '/register', '/privacy', '/verify', '/r/receipt-1', '/consent/form/ciq-1?token=t', '/nope'])(
    'does not ask who is signed in on the public page %s of a browser that never signed in',
    async (route) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const fetchMock = signedInAs(null);
      renderApp(<AppRoutes />, { route });
      await waitFor(() => expect(screen.queryByText('ConsentIQ...')).not.toBeInTheDocument());
      // Well past the lookup's delay.
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/auth/me');
    },
  );

  it('offers a member signed in here the Dashboard on the landing page instead of Log In', async () => {
    setSignInHint(true);
    signedInAs('active');
    renderApp(<AppRoutes />, { route: '/' });
    const topBar = await screen.findByRole('banner');
    expect(await within(topBar).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    for (const name of ['Log In', 'Login', 'Get Started'])
      expect(within(topBar).queryByRole('link', { name })).not.toBeInTheDocument();
  });

  it('offers a visitor Log In, not the Dashboard', async () => {
    signedInAs(null);
    renderApp(<AppRoutes />, { route: '/' });
    const topBar = await screen.findByRole('banner');
    expect(within(topBar).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(within(topBar).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('lets active members open /consent/new, which starts a session', async () => {
    signedInAs('active');
    renderApp(<AppRoutes />, { route: '/consent/new' });
    expect(await screen.findByRole('heading', { name: 'Generating QR code...' })).toBeInTheDocument();
  });

  it("opens the partner's form without signing in", async () => {
    signedInAs(null);
    renderApp(<AppRoutes />, { route: '/consent/form' });
    expect(await screen.findByRole('heading', { name: 'Session Not Found' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/consent/form');
  });

  it('shows the not-found screen for unknown paths', async () => {
    signedInAs(null);
    renderApp(<AppRoutes />, { route: '/nope' });
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    // Words for a user, and a way home; nothing addressed to a developer.
    expect(
      screen.getByText("We couldn't find this page. The link may be mistyped, or the page may have moved."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/router/)).not.toBeInTheDocument();
  });

  it('renders the landing sections in order with the real member count and support email', async () => {
    signedInAs(null);
    renderApp(<AppRoutes />, { route: '/' });
    expect(await screen.findByText('1,234 members protected')).toBeInTheDocument();
    // The early-pricing line in the hero and the pricing section, from the same real count.
    expect(screen.getAllByText('Early pricing for the first 1,000 members: 900 places left.')).toHaveLength(2);
    const ids = screen.getAllByTestId(/^landing-section-/).map((el) => el.dataset.testid);
    expect(ids).toEqual(
      ['hero', 'problem', 'features', 'how-it-works', 'testimonials', 'pricing', 'cta', 'footer'].map(
        (id) => `landing-section-${id}`,
      ),
    );
    expect(screen.getByRole('link', { name: 'help@example.com' })).toHaveAttribute('href', 'mailto:help@example.com');
    expect(screen.queryByText(/500\+/)).not.toBeInTheDocument();
    // The referral reward is real (billing counts referrals); no affiliate programme exists.
    expect(screen.getByText('Referring 4 friends earns a free membership for life.')).toBeInTheDocument();
    expect(screen.queryByText(/affiliate/i)).not.toBeInTheDocument();
  });
});
