import type { SubscriptionStatus } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { jsonResponse, mockFetch, renderApp, testUser } from '@/test/render';

const member = (subscriptionStatus: SubscriptionStatus) => testUser({ subscriptionStatus });

const site = { memberCount: 1234, earlyPricingPlacesLeft: 900, supportEmail: 'help@example.com', paymentProvider: 'stripe', paymentPublishableKey: 'pk' };

function signedInAs(status: SubscriptionStatus | null) {
  return mockFetch({
    'GET /api/auth/me': () => (status ? jsonResponse(member(status)) : new Response('', { status: 401 })),
    'GET /api/site': () => jsonResponse(site),
  });
}

const location = () => screen.getByTestId('location');

afterEach(() => vi.unstubAllGlobals());

describe('routes', () => {
  it('shows the loading message, then sends signed-out visitors from protected pages to /register', async () => {
    signedInAs(null);
    renderApp(<AppRoutes />, { route: '/learn' });
    expect(screen.getByText('ConsentIQ...')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent('/register'));
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
    await waitFor(() => expect(location()).toHaveTextContent('/register'));
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
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('renders the landing sections in order with the real member count and support email', async () => {
    signedInAs(null);
    renderApp(<AppRoutes />, { route: '/' });
    expect(await screen.findByText('1,234 members protected')).toBeInTheDocument();
    // The early-pricing line in the hero and the pricing section, from the same real count.
    expect(screen.getAllByText('Early pricing for the first 1,000 members: 900 places left.')).toHaveLength(2);
    const ids = screen.getAllByTestId(/^landing-section-/).map((el) => el.dataset.testid);
    expect(ids).toEqual(
      ['hero', 'problem', 'features', 'how-it-works', 'testimonials', 'pricing', 'cta', 'footer'].map((id) => `landing-section-${id}`),
    );
    expect(screen.getByRole('link', { name: 'help@example.com' })).toHaveAttribute('href', 'mailto:help@example.com');
    expect(screen.queryByText(/500\+/)).not.toBeInTheDocument();
    // The referral reward is real (billing counts referrals); no affiliate programme exists.
    expect(screen.getByText('Referring 4 friends earns a free membership for life.')).toBeInTheDocument();
    expect(screen.queryByText(/affiliate/i)).not.toBeInTheDocument();
  });
});
