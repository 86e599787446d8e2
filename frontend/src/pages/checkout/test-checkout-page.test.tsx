import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { dismissToast } from '@/components/ui/use-toast';
import { browserLocation } from '@/lib/browser-location';
import { jsonResponse, mockFetch, renderApp, sentBody, testUser } from '@/test/render';
import { fillCard } from '@/test/test-card';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CHECKOUT = {
  sessionId: 'lcs_1',
  plan: 'monthly',
  amountCents: 4000,
  currency: 'usd',
  interval: 'month',
  status: 'open',
};

function setUp(
  pay: () => Response = () => jsonResponse({ redirectUrl: 'http://localhost/success?session_id=lcs_1' }),
  checkout: unknown = CHECKOUT,
) {
  return mockFetch({
    'GET /api/auth/me': () => jsonResponse(testUser({ subscriptionStatus: 'inactive' })),
    'GET /api/billing/test-checkout/lcs_1': () => jsonResponse(checkout),
    'POST /api/billing/test-checkout/lcs_1/pay': pay,
    'POST /api/stripe/create-subscription': () => jsonResponse({}),
  });
}

describe('/checkout/test/:sessionId', () => {
  it('is marked TEST MODE and shows the plan, its price and the test cards', async () => {
    setUp();
    renderApp(<AppRoutes />, { route: '/checkout/test/lcs_1' });
    expect(await screen.findByText('TEST MODE')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Monthly plan' })).toBeInTheDocument();
    expect(screen.getByText('$40.00')).toBeInTheDocument();
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 0002')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $40.00' })).toBeInTheDocument();
  });

  it('pays with the card typed and goes where the answer says', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const fetchMock = setUp();
    renderApp(<AppRoutes />, { route: '/checkout/test/lcs_1' });
    const u = await fillCard('4242 4242 4242 4242');
    await u.click(screen.getByRole('button', { name: 'Pay $40.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/success?session_id=lcs_1'));
    expect(sentBody(fetchMock, '/api/billing/test-checkout/lcs_1/pay')).toEqual({
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
    });
  });

  it('returns to the plans with the error when the card is declined', async () => {
    setUp(() => jsonResponse({ error: 'Your card was declined.', code: 'card_declined' }, 402));
    renderApp(<AppRoutes />, { route: '/checkout/test/lcs_1' });
    const u = await fillCard('4000 0000 0000 0002');
    await u.click(screen.getByRole('button', { name: 'Pay $40.00' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/subscribe'));
    expect(await screen.findByText(/Your card was declined\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Monthly' })).toBeInTheDocument();
  });

  it('shows any other refusal on the page itself', async () => {
    setUp(() => jsonResponse({ error: 'Your card number is incomplete.', code: 'validation_failed' }, 400));
    renderApp(<AppRoutes />, { route: '/checkout/test/lcs_1' });
    const u = await fillCard('4242');
    await u.click(screen.getByRole('button', { name: 'Pay $40.00' }));
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout/test/lcs_1');
  });

  it("says 'No payment session found' for an unknown checkout", async () => {
    mockFetch({
      'GET /api/auth/me': () => jsonResponse(testUser({ subscriptionStatus: 'inactive' })),
      'GET /api/billing/test-checkout/lcs_1': () =>
        jsonResponse({ error: 'No payment session found', code: 'checkout_not_found' }, 404),
    });
    renderApp(<AppRoutes />, { route: '/checkout/test/lcs_1' });
    expect(await screen.findByText('No payment session found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toBeInTheDocument();
  });

  it('does not take a card for a checkout already paid', async () => {
    setUp(undefined, { ...CHECKOUT, status: 'complete' });
    renderApp(<AppRoutes />, { route: '/checkout/test/lcs_1' });
    expect(await screen.findByText('This checkout has already been paid.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });
});
