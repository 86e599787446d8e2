import { API_ERRORS } from '@app/contracts';
import { expectError, http as api, registerOk } from '../api-helpers';
import { type GatewayTestApp, startGatewayTestApp } from '../gateway-test-app';
import { BillingStandIn } from './billing-stand-in';

/**
 * The billing routes' per-member limits (checkouts started, test cards tried), then the answer when the billing
 * service is gone. A file of its own: one gateway per process (passport's strategy is registered process-wide).
 */

const billing = new BillingStandIn();
let gateway: GatewayTestApp;

beforeAll(async () => {
  gateway = await startGatewayTestApp({
    BILLING_SERVICE_URL: await billing.start(),
    CHECKOUTS_PER_MEMBER_PER_HOUR: '2',
    TEST_PAYMENTS_PER_MEMBER_PER_HOUR: '2',
  });
  billing.answer('POST /subscriptions/checkout', { json: { sessionId: 's', url: 'u' } });
  billing.answer('POST /test-checkout/lcs_1/pay', {
    status: 402,
    json: { error: 'Your card was declined.', code: 'card_declined' },
  });
});

afterAll(async () => {
  await gateway.close();
});

const checkout = (token: string) =>
  api(gateway)
    .post('/api/stripe/create-subscription')
    .set('Authorization', `Bearer ${token}`)
    .send({ plan: 'monthly' });
const pay = (token: string) =>
  api(gateway)
    .post('/api/billing/test-checkout/lcs_1/pay')
    .set('Authorization', `Bearer ${token}`)
    .send({ cardNumber: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' });

it('answers 429 with Retry-After beyond the hourly checkouts and test payments, counted per member', async () => {
  const first = await registerOk(gateway);
  const second = await registerOk(gateway);

  expect((await checkout(first.token)).status).toBe(200);
  expect((await checkout(first.token)).status).toBe(200);
  const refused = await checkout(first.token);
  expectError(refused, 429, /Too many checkouts started/);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect((await checkout(second.token)).status).toBe(200);
  expect(billing.received.filter((request) => request.url === '/subscriptions/checkout')).toHaveLength(3);

  expect((await pay(first.token)).status).toBe(402);
  expect((await pay(first.token)).status).toBe(402);
  expectError(await pay(first.token), 429, /Too many payment attempts/);
  expect((await pay(second.token)).status).toBe(402);
  expect(billing.received.filter((request) => request.url.endsWith('/pay'))).toHaveLength(3);
});

it('answers 503 service_unavailable when the billing service cannot be reached', async () => {
  const { token } = await registerOk(gateway);
  await billing.close();
  const response = await checkout(token);
  expectError(response, 503, API_ERRORS.billingServiceUnavailable.message);
  expect(response.body.code).toBe('service_unavailable');
  const account = await api(gateway).get('/api/billing/account').set('Authorization', `Bearer ${token}`);
  expectError(account, 503, API_ERRORS.billingServiceUnavailable.message);
});
