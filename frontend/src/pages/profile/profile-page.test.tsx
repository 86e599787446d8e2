import type { BillingAccount } from '@app/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { dismissToast } from '@/components/ui/use-toast';
import { browserLocation } from '@/lib/browser-location';
import { testBillingAccount } from '@/test/billing-account';
import { jsonResponse, mockFetch, renderApp, testUser } from '@/test/render';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Midday UTC, so the date is the same in every time zone the tests may run in.
const ACCOUNT: BillingAccount = testBillingAccount();

describe('/profile', () => {
  it('shows the plan, the status and the next renewal', async () => {
    mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser()),
      'GET /api/billing/account': () => jsonResponse(ACCOUNT),
    });
    renderApp(<AppRoutes />, { route: '/profile' });
    expect(await screen.findByText('Renews on Jan 31, 2030')).toBeInTheDocument();
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
    expect(dialog).toHaveTextContent('You keep access until Jan 31, 2030.');
    expect(cancelled).toBe(0);
    await u.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));

    expect(await screen.findByText('Ends on Jan 31, 2030')).toBeInTheDocument();
    expect(cancelled).toBe(1);
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('resumes a subscription cancelled at period end in one tap, and the dashboard banner follows without a reload', async () => {
    const ending = { ...ACCOUNT, cancelAtPeriodEnd: true, accountDeletionDate: '2030-05-01T12:00:00.000Z' };
    let current: BillingAccount = ACCOUNT;
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser()),
      'GET /api/billing/account': () => jsonResponse(current),
      'POST /api/billing/cancel': () => jsonResponse((current = ending)),
      'POST /api/billing/resume': () => jsonResponse((current = ACCOUNT)),
    });
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/profile' });

    await u.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await u.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel' }));
    await u.click(await screen.findByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText('Renews on Jan 31, 2030')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/billing/account')).toHaveLength(1);
  });

  it('keeps the subscription when the confirmation is declined', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser()),
      'GET /api/billing/account': () => jsonResponse(ACCOUNT),
    });
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/profile' });
    await u.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await u.click(screen.getByRole('button', { name: 'Keep subscription' }));
    expect(screen.getByText('Renews on Jan 31, 2030')).toBeInTheDocument();
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

  describe('the referral block', () => {
    const withReferrals = (progress: object) =>
      mockFetch({
        'GET /api/auth/me': () => jsonResponse(testUser()),
        'GET /api/billing/account': () => jsonResponse(ACCOUNT),
        'GET /api/billing/referrals': () => jsonResponse(progress),
      });

    it("shows the member's referral link, a Copy button and the progress", async () => {
      withReferrals({ code: 'ABCDEFGHIJ', counted: 2, needed: 4, freeForLife: false });
      const u = userEvent.setup();
      const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
      renderApp(<AppRoutes />, { route: '/profile' });

      const link = await screen.findByRole('textbox', { name: 'Your referral link' });
      expect(link).toHaveValue(`${window.location.origin}/register?ref=ABCDEFGHIJ`);
      expect(screen.getByText('2 of 4')).toBeInTheDocument();
      expect(screen.queryByText('Free for life')).not.toBeInTheDocument();

      await u.click(screen.getByRole('button', { name: 'Copy' }));
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?ref=ABCDEFGHIJ`);
      expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    });

    it("shows 'Free for life' once 4 referred friends counted", async () => {
      withReferrals({ code: 'ABCDEFGHIJ', counted: 4, needed: 4, freeForLife: true });
      renderApp(<AppRoutes />, { route: '/profile' });
      expect(await screen.findByText('Free for life')).toBeInTheDocument();
      expect(screen.queryByText('4 of 4')).not.toBeInTheDocument();
    });

    it('starts at 0 of 4', async () => {
      withReferrals({ code: 'ZZZZZZZZZZ', counted: 0, needed: 4, freeForLife: false });
      renderApp(<AppRoutes />, { route: '/profile' });
      expect(await screen.findByText('0 of 4')).toBeInTheDocument();
    });

    it('says so when the referral link cannot be loaded, and still shows the subscription', async () => {
      mockFetch({
        'GET /api/auth/me': () => jsonResponse(testUser()),
        'GET /api/billing/account': () => jsonResponse(ACCOUNT),
      });
      renderApp(<AppRoutes />, { route: '/profile' });
      expect(await screen.findByText('Your referral link could not be loaded.')).toBeInTheDocument();
      expect(await screen.findByText('Renews on Jan 31, 2030')).toBeInTheDocument();
    });
  });

  it("is the bottom bar's Profile", async () => {
    mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser()),
      'GET /api/billing/account': () => jsonResponse(ACCOUNT),
    });
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/learn' });
    await u.click(
      await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Profile' }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });

  it('is for members with an active subscription only', async () => {
    mockFetch({ 'GET /api/auth/me': () => jsonResponse(testUser({ subscriptionStatus: 'inactive' })) });
    renderApp(<AppRoutes />, { route: '/profile' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/subscribe'));
  });
});
