import type { User } from '@app/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { dismissToast } from '@/components/ui/use-toast';
import { jsonResponse, mockFetch, renderApp, sentBody, testUser } from '@/test/render';
import { fillCard } from '@/test/test-card';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PORTAL = {
  plan: 'monthly',
  status: 'active',
  currentPeriodEnd: '2026-12-15T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  cardLast4: '4242',
};

function setUp(
  routes: Record<string, () => Response> = {},
  portal: unknown = PORTAL,
  subscriptionStatus: User['subscriptionStatus'] = 'active',
) {
  return mockFetch({
    'GET /api/auth/me': () => jsonResponse(testUser({ subscriptionStatus })),
    'GET /api/billing/test-checkout/portal': () => jsonResponse(portal),
    ...routes,
  });
}

describe('/checkout/test/portal', () => {
  it('is marked TEST MODE and shows the subscription, the card on file and the way back to the Profile', async () => {
    setUp();
    renderApp(<AppRoutes />, { route: '/checkout/test/portal' });
    expect(await screen.findByText('TEST MODE')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Manage billing' })).toBeInTheDocument();
    expect(screen.getByText('Monthly')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Renews on')).toBeInTheDocument();
    expect(screen.getByText('Dec 15, 2026')).toBeInTheDocument();
    expect(screen.getByText('•••• 4242')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update card' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume subscription' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Profile' })).toHaveAttribute('href', '/profile');
  });

  it('is open to a past_due member, who pays with a new card: active again', async () => {
    const fetchMock = setUp(
      { 'POST /api/billing/test-checkout/portal/card': () => jsonResponse({ ...PORTAL, cardLast4: '4444' }) },
      { ...PORTAL, status: 'past_due', cardLast4: '0002' },
      'past_due',
    );
    renderApp(<AppRoutes />, { route: '/checkout/test/portal' });
    expect(await screen.findByText('Past due')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your last payment failed.');
    const u = await fillCard('5555 5555 5555 4444');
    await u.click(screen.getByRole('button', { name: 'Update card' }));
    expect(await screen.findByText('•••• 4444')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Your card was updated.')).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/billing/test-checkout/portal/card')).toEqual({
      cardNumber: '5555 5555 5555 4444',
      expiry: '12 / 34',
      cvc: '123',
    });
  });

  it('shows the decline and keeps the card on file', async () => {
    setUp({
      'POST /api/billing/test-checkout/portal/card': () =>
        jsonResponse({ error: 'Your card was declined.', code: 'card_declined' }, 402),
    });
    renderApp(<AppRoutes />, { route: '/checkout/test/portal' });
    const u = await fillCard('4000 0000 0000 0002');
    await u.click(screen.getByRole('button', { name: 'Update card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByText('•••• 4242')).toBeInTheDocument();
  });

  it("offers 'Resume subscription' when it is set to cancel, and resumes it", async () => {
    const fetchMock = setUp(
      { 'POST /api/billing/test-checkout/portal/resume': () => jsonResponse(PORTAL) },
      { ...PORTAL, cancelAtPeriodEnd: true },
    );
    renderApp(<AppRoutes />, { route: '/checkout/test/portal' });
    expect(await screen.findByText('Ends on')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resume subscription' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resume subscription' })).not.toBeInTheDocument());
    expect(screen.getByText('Renews on')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url) === '/api/billing/test-checkout/portal/resume' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('says so when the member has no subscription', async () => {
    mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser({ subscriptionStatus: 'inactive' })),
      'GET /api/billing/test-checkout/portal': () =>
        jsonResponse({ error: 'There is no subscription to change', code: 'no_subscription' }, 409),
    });
    renderApp(<AppRoutes />, { route: '/checkout/test/portal' });
    expect(await screen.findByRole('alert')).toHaveTextContent('You have no subscription yet.');
  });
});
