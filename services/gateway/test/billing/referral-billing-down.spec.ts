import { http as api, registerOk } from '../api-helpers';
import { type GatewayTestApp, startGatewayTestApp } from '../gateway-test-app';
import { BillingStandIn } from './billing-stand-in';

/** A referral is billing's to record: with the billing service unreachable, registration with `ref` still succeeds. */
let gateway: GatewayTestApp;

beforeAll(async () => {
  // An address where nothing listens any more.
  const down = new BillingStandIn();
  const url = await down.start();
  await down.close();
  gateway = await startGatewayTestApp({ BILLING_SERVICE_URL: url });
});

afterAll(async () => {
  await gateway.close();
});

it('creates the account and signs the member in when billing is down', async () => {
  const registered = await registerOk(gateway, { ref: 'ABCDEFGHIJ' });
  expect(registered.user.subscriptionStatus).toBe('inactive');
  await api(gateway).get('/api/auth/me').set('Authorization', `Bearer ${registered.token}`).expect(200);
});
