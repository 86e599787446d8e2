import type { SubscriptionStatus } from '@app/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { dismissToast } from '@/components/ui/use-toast';
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
    for (const text of ['$400', 'Save $80/year', '2 months free ($80 savings)', '$33.33/month', 'Unlimited consent sessions', 'Priority support']) {
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

  it.each([
    ['checkout cannot load', { sessionId: 'cs_123' }],
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
