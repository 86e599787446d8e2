import type { BillingAccount } from '@app/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { dismissToast } from '@/components/ui/use-toast';
import { browserLocation } from '@/lib/browser-location';
import { jsonResponse, mockFetch, renderApp, testUser } from '@/test/render';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Midday UTC, so the date is the same in every time zone the tests may run in.
const ACCOUNT: BillingAccount = { plan: 'monthly', subscriptionStatus: 'active', currentPeriodEnd: '2030-01-31T12:00:00.000Z', cancelAtPeriodEnd: false, provider: 'local' };

describe('/profile', () => {
  it('shows the plan, the status and the next renewal', async () => {
    mockFetch({ 'GET /api/auth/me': () => jsonResponse(testUser()), 'GET /api/billing/account': () => jsonResponse(ACCOUNT) });
    renderApp(<AppRoutes />, { route: '/profile' });
    expect(await screen.findByText('Renews on January 31, 2030')).toBeInTheDocument();
    expect(screen.getByText('Monthly ($40 per month)')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Alex Doe')).toBeInTheDocument();
  });

  it('cancels after a confirmation and then shows the end date', async () => {
    let cancelled = 0;
    mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser()),
      'GET /api/billing/account': () => jsonResponse(ACCOUNT),
      'POST /api/billing/cancel': () => {
        cancelled += 1;
        return jsonResponse({ ...ACCOUNT, cancelAtPeriodEnd: true });
      },
    });
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/profile' });

    await u.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('You keep access until January 31, 2030.');
    expect(cancelled).toBe(0);
    await u.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));

    expect(await screen.findByText('Ends on January 31, 2030')).toBeInTheDocument();
    expect(cancelled).toBe(1);
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('keeps the subscription when the confirmation is declined', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/me': () => jsonResponse(testUser()), 'GET /api/billing/account': () => jsonResponse(ACCOUNT) });
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/profile' });
    await u.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await u.click(screen.getByRole('button', { name: 'Keep subscription' }));
    expect(screen.getByText('Renews on January 31, 2030')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/billing/cancel')).toBe(false);
  });

  it("'Manage billing' goes to the portal's address", async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser()),
      'GET /api/billing/account': () => jsonResponse(ACCOUNT),
      'POST /api/billing/portal': () => jsonResponse({ url: 'https://billing.example/portal/1' }),
    });
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/profile' });
    await u.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/portal/1'));
  });

  it("is the bottom bar's Profile", async () => {
    mockFetch({ 'GET /api/auth/me': () => jsonResponse(testUser()), 'GET /api/billing/account': () => jsonResponse(ACCOUNT) });
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/learn' });
    await u.click(await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });

  it('is for members with an active subscription only', async () => {
    mockFetch({ 'GET /api/auth/me': () => jsonResponse(testUser({ subscriptionStatus: 'inactive' })) });
    renderApp(<AppRoutes />, { route: '/profile' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/subscribe'));
  });
});
