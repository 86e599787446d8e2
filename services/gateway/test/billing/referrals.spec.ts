import { referralProgressSchema } from '@app/contracts';
import { countUsers, expectError, http as api, register, registerOk } from '../api-helpers';
import { type GatewayTestApp, startGatewayTestApp } from '../gateway-test-app';
import { BillingStandIn } from './billing-stand-in';

/** Referrals at the gateway: registration with `ref` tells billing, and the Profile page's progress is forwarded. */

const INTERNAL_TOKEN = 'internal-test-token-internal-test-token';
const billing = new BillingStandIn();
let gateway: GatewayTestApp;

beforeAll(async () => {
  const url = await billing.start();
  gateway = await startGatewayTestApp({ BILLING_SERVICE_URL: url, REGISTRATIONS_PER_IP_PER_HOUR: '100' });
});

afterEach(() => billing.reset());

afterAll(async () => {
  await gateway.close();
  await billing.close();
});

describe('POST /api/auth/register with ref', () => {
  it('tells billing, as the new member, which code referred them', async () => {
    billing.answer('POST /referrals', { json: { status: 'pending' } });
    const registered = await registerOk(gateway, { ref: 'ABCDEFGHIJ' });
    const sent = billing.only();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/referrals');
    expect(sent.headers['x-internal-token']).toBe(INTERNAL_TOKEN);
    expect(sent.headers['x-actor-user-id']).toBe(registered.user.id);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(billing.json(sent)).toEqual({ code: 'ABCDEFGHIJ' });
  });

  it('sends the code trimmed, and nothing without a code or with an empty one', async () => {
    billing.answer('POST /referrals', { json: { status: 'pending' } });
    await registerOk(gateway, { ref: '  KLMNOPQRST ' });
    expect(billing.json(billing.only())).toEqual({ code: 'KLMNOPQRST' });
    billing.reset();
    await registerOk(gateway);
    await registerOk(gateway, { ref: '' });
    expect(billing.received).toHaveLength(0);
  });

  it('still registers when billing refuses the referral or fails', async () => {
    billing.answer('POST /referrals', { json: { status: 'refused', reason: 'unknown_code' } });
    await registerOk(gateway, { ref: 'NOSUCHCODE' });
    billing.answer('POST /referrals', {
      status: 500,
      json: { error: 'Internal server error', code: 'internal_error' },
    });
    const registered = await registerOk(gateway, { ref: 'ABCDEFGHIJ' });
    expect(registered.user.subscriptionStatus).toBe('inactive');
    expect(billing.received).toHaveLength(2);
  });

  it.each([[{ ref: 'x'.repeat(33) }], [{ ref: 42 }], [{ ref: 'AB\nCD' }]])(
    'refuses %j with 400, creating nothing',
    async (overrides) => {
      const before = await countUsers(gateway);
      expectError(await register(gateway, overrides), 400);
      expect(await countUsers(gateway)).toBe(before);
      expect(billing.received).toHaveLength(0);
    },
  );
});

describe('GET /api/billing/referrals', () => {
  it("forwards the member's call and relays the progress", async () => {
    const member = await registerOk(gateway);
    billing.reset();
    billing.answer('GET /referrals', { json: { code: 'ABCDEFGHIJ', counted: 2, needed: 4, freeForLife: false } });
    const response = await api(gateway)
      .get('/api/billing/referrals')
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    expect(referralProgressSchema.strict().parse(response.body)).toEqual({
      code: 'ABCDEFGHIJ',
      counted: 2,
      needed: 4,
      freeForLife: false,
    });
    const sent = billing.only();
    expect(sent.url).toBe('/referrals');
    expect(sent.headers['x-actor-user-id']).toBe(member.user.id);
  });

  it('needs a signed-in member', async () => {
    expectError(await api(gateway).get('/api/billing/referrals'), 401);
    expect(billing.received).toHaveLength(0);
  });
});
