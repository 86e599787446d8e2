import type { SubscriptionStatus } from '@app/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { dismissToast } from '@/components/ui/use-toast';
import { browserLocation } from '@/lib/browser-location';
import { testBillingAccount } from '@/test/billing-account';
import { jsonResponse, mockFetch, renderApp, sentBody, testUser } from '@/test/render';

const member = (subscriptionStatus: SubscriptionStatus) => testUser({ subscriptionStatus });

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/subscribe', () => {
  it('shows both plans with the spec prices and labels', async () => {
    mockFetch({ 'GET /api/auth/me': () => jsonResponse(member('inactive')) });
    renderApp(<AppRoutes />, { route: '/subscribe' });
    expect(await screen.findByText('$40')).toBeInTheDocument();
    for (const text of [
      'Monthly',
      'per month',
      'Unlimited consent sessions',
      'AI speech verification',
      'Secure encrypted storage',
      'Cancel anytime',
      'Annual',
      '$400',
      'per year',
      'Save $80/year',
      '2 months free ($80 savings)',
      '$33.33/month',
      'Everything in Monthly',
      'Priority support',
      'Best value',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });

  it("goes to the dashboard with 'Already Subscribed' when the subscription is already active", async () => {
    let status: SubscriptionStatus = 'inactive';
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => jsonResponse(member(status)),
      'POST /api/stripe/create-subscription': () => {
        status = 'active';
        return jsonResponse({ status: 'active' });
      },
    });
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/subscribe' });

    await u.click(await screen.findByRole('button', { name: 'Choose Annual' }));

    expect(await screen.findByText('Already Subscribed')).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/stripe/create-subscription')).toEqual({ plan: 'annual' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it("sends the browser to the checkout's address", async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => jsonResponse(member('inactive')),
      'POST /api/stripe/create-subscription': () =>
        jsonResponse({ sessionId: 'lcs_1', url: 'http://localhost/checkout/test/lcs_1' }),
    });
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/subscribe' });

    await u.click(await screen.findByRole('button', { name: 'Choose Monthly' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/checkout/test/lcs_1'));
    expect(sentBody(fetchMock, '/api/stripe/create-subscription')).toEqual({ plan: 'monthly' });
  });

  it("shows 'Failed to start checkout. Please try again.' when the call fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/auth/me': () => jsonResponse(member('inactive')),
      'POST /api/stripe/create-subscription': () =>
        jsonResponse(
          { error: 'The billing service is unavailable, please try again', code: 'service_unavailable' },
          503,
        ),
    });
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/subscribe' });
    await u.click(await screen.findByRole('button', { name: 'Choose Annual' }));
    expect(await screen.findByText('Failed to start checkout. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('shows a declined test card on return from the checkout', async () => {
    mockFetch({ 'GET /api/auth/me': () => jsonResponse(member('inactive')) });
    renderApp(<AppRoutes />, { route: '/subscribe?checkout_error=card_declined' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment failed');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('button', { name: 'Choose Monthly' })).toBeEnabled();
  });

  it('never shows text from the address, only known errors', async () => {
    mockFetch({ 'GET /api/auth/me': () => jsonResponse(member('inactive')) });
    renderApp(<AppRoutes />, { route: '/subscribe?checkout_error=Call%20us%20at%20555' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your payment could not be completed.');
    expect(screen.queryByText(/Call us/)).not.toBeInTheDocument();
  });

  it("shows a past_due member the red banner with the day countdown and 'Fix Payment', which opens billing", async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const deletion = new Date(Date.now() + 2.5 * 24 * 3600_000).toISOString();
    mockFetch({
      'GET /api/auth/me': () =>
        jsonResponse(testUser({ subscriptionStatus: 'past_due', accountDeletionDate: deletion })),
      'GET /api/billing/account': () =>
        jsonResponse(testBillingAccount({ subscriptionStatus: 'past_due', accountDeletionDate: deletion })),
      'POST /api/billing/portal': () => jsonResponse({ url: 'https://billing.example/portal' }),
    });
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/subscribe' });

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('3 days');
    await u.click(screen.getByRole('button', { name: 'Fix Payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/portal'));
  });

  it('sends a past_due member who picks a plan to the billing portal instead of a second subscription', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser({ subscriptionStatus: 'past_due' })),
      'GET /api/billing/account': () => jsonResponse(testBillingAccount({ subscriptionStatus: 'past_due' })),
      'POST /api/stripe/create-subscription': () =>
        jsonResponse(
          {
            error: 'Your last payment failed: pay it or change your card in Manage billing',
            code: 'subscription_past_due',
          },
          409,
        ),
      'POST /api/billing/portal': () => jsonResponse({ url: 'https://billing.example/portal' }),
    });
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/subscribe' });
    await u.click(await screen.findByRole('button', { name: 'Choose Monthly' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/portal'));
    expect(
      screen.getByText('Your last payment failed: pay it or change your card in Manage billing'),
    ).toBeInTheDocument();
  });

  it('shows no banner without a future deletion date', async () => {
    mockFetch({
      'GET /api/auth/me': () =>
        jsonResponse(testUser({ subscriptionStatus: 'past_due', accountDeletionDate: '2001-01-01T00:00:00.000Z' })),
      'GET /api/billing/account': () =>
        jsonResponse(
          testBillingAccount({ subscriptionStatus: 'past_due', accountDeletionDate: '2001-01-01T00:00:00.000Z' }),
        ),
    });
    renderApp(<AppRoutes />, { route: '/subscribe' });
    expect(await screen.findByText('$40')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['no checkout address comes back', { sessionId: 'cs_123' }],
    ['no session id comes back', {}],
  ])('shows the checkout error toast when %s', async (_case, answer) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/auth/me': () => jsonResponse(member('inactive')),
      'POST /api/stripe/create-subscription': () => jsonResponse(answer),
    });
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/subscribe' });

    await u.click(await screen.findByRole('button', { name: 'Choose Monthly' }));

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to start checkout. Please try again.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/subscribe');
  });
});
