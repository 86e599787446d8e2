import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { daysFromNow, testBillingAccount } from '@/test/billing-account';
import { CONFIRM_MEMBER_CODE, memberPhoneHandlers, SEND_MEMBER_CODE } from '@/test/member-phone';
import { enterPhoneCode } from '@/test/phone-code';
import { jsonResponse, mockFetch, renderApp, sentBody, testUser } from '@/test/render';

const member = testUser;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/dashboard', () => {
  it('plays the splash, then greets the member by first name', async () => {
    mockFetch({ 'GET /api/auth/me': () => jsonResponse(member()) });
    renderApp(<AppRoutes />, { route: '/dashboard' });

    expect(await screen.findByText('Clear consent, recorded with respect.')).toBeInTheDocument();
    expect(await screen.findByText('Ready')).toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Alex!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Starting something romantic?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start New' })).toHaveAttribute('href', '/consent/new');
    expect(screen.getByRole('link', { name: 'Learn' })).toHaveAttribute('href', '/learn');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Confirm your phone' })).not.toBeInTheDocument();
  });

  it('plays the splash once per app start: a return Home shows the main screen at once', async () => {
    mockFetch({ 'GET /api/auth/me': () => jsonResponse(member()) });
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/dashboard' });
    expect(await screen.findByText('Welcome back, Alex!')).toBeInTheDocument();

    await u.click(screen.getByRole('link', { name: 'Learn' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/learn'));
    await u.click(within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    // The splash's first step would show first, for 800 ms, if it played again.
    expect(screen.queryByText('ConsentIQ', { exact: true })).not.toBeInTheDocument();
    expect(screen.getByText('Welcome back, Alex!')).toBeInTheDocument();
  });

  it('asks a member whose phone is not proved to confirm it before offering Start New, then reads the member again', async () => {
    const fetchMock = mockFetch(memberPhoneHandlers());
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/dashboard' });

    expect(await screen.findByRole('heading', { name: 'Confirm your phone' })).toBeInTheDocument();
    expect(screen.getByText(/one person with one number cannot answer for both of you/)).toBeInTheDocument();
    expect(screen.getByText('+15551234578')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start New' })).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(
      await screen.findByText('We texted a code to +•• ••• ••78. Never share it, not even with your partner.'),
    ).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/auth/phone-verification')).toEqual({});

    await enterPhoneCode(u, '654321');
    expect(await screen.findByRole('link', { name: 'Start New' })).toHaveAttribute('href', '/consent/new');
    expect(screen.queryByRole('heading', { name: 'Confirm your phone' })).not.toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/auth/phone-verification/confirm')).toEqual({ code: '654321' });
    const calls = (key: string) =>
      fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
    expect(calls(SEND_MEMBER_CODE)).toHaveLength(1);
    expect(calls(CONFIRM_MEMBER_CODE)).toHaveLength(1);
    expect(calls('GET /api/auth/me')).toHaveLength(2);
  });

  it('warns about a scheduled deletion of an ended subscription with a day countdown and a Resubscribe Now button', async () => {
    mockFetch({
      'GET /api/auth/me': () => jsonResponse(member({ subscriptionStatus: 'active' })),
      'GET /api/billing/account': () =>
        jsonResponse(testBillingAccount({ subscriptionStatus: 'canceled', accountDeletionDate: daysFromNow(2.5) })),
    });
    renderApp(<AppRoutes />, { route: '/dashboard' });

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Your subscription has ended.');
    expect(banner).toHaveTextContent('(in 3 days)');
    expect(screen.getByRole('link', { name: 'Resubscribe Now' })).toHaveAttribute('href', '/subscribe');
    expect(screen.getByRole('link', { name: 'How long we keep records' })).toHaveAttribute('href', '/privacy');
  });

  it('offers a subscription cancelled at period end Resume subscription, which undoes it in one tap and the banner goes', async () => {
    const ending = testBillingAccount({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: '2030-01-31T12:00:00.000Z',
      accountDeletionDate: '2030-05-01T12:00:00.000Z',
    });
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => jsonResponse(member({ subscriptionStatus: 'active' })),
      'GET /api/billing/account': () => jsonResponse(ending),
      'POST /api/billing/resume': () => jsonResponse(testBillingAccount()),
    });
    const u = userEvent.setup();
    renderApp(<AppRoutes />, { route: '/dashboard' });

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'You keep access until Jan 31, 2030; your account and recordings will be deleted on May 1, 2030',
    );
    expect(screen.queryByRole('link', { name: 'Resubscribe Now' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Resume subscription' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/billing/resume')).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/billing/account')).toHaveLength(1);
  });

  it('verifies a returning payment once, rewrites the URL and shows the green banner', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => jsonResponse(member()),
      'POST /api/stripe/verify-payment': () => jsonResponse({ subscriptionStatus: 'active' }),
    });
    renderApp(<AppRoutes />, { route: '/dashboard?payment_success=1' });

    expect(await screen.findByText('Payment successful. Welcome aboard!')).toBeInTheDocument();
    const verifyCalls = fetchMock.mock.calls.filter(([url]) => url === '/api/stripe/verify-payment');
    expect(verifyCalls).toHaveLength(1);
    expect(verifyCalls[0][1]?.body).toBeUndefined();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
  });
});
