import {
  API_ERRORS,
  billingAccountSchema,
  createSubscriptionResponseSchema,
  testCheckoutPaidSchema,
  testCheckoutSchema,
  testPortalSchema,
  verifyPaymentResponseSchema,
} from '@app/contracts';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectError, http as api, registerOk } from '../api-helpers';
import { type GatewayTestApp, startGatewayTestApp } from '../gateway-test-app';
import { rawRequest } from '../raw-http';
import { BillingStandIn } from './billing-stand-in';

/**
 * The gateway's billing routes against a stand-in for the billing service's internal API: what is forwarded (path,
 * credential, member, body), what is refused before anything is forwarded, and that answers are relayed unchanged.
 */

const INTERNAL_TOKEN = 'internal-test-token-internal-test-token';
const PUBLIC_URL = 'https://consent.example.test';

const billing = new BillingStandIn();
let gateway: GatewayTestApp;
let member: { id: string; email: string; token: string };
let port: number;

const ACCOUNT = {
  plan: 'monthly',
  subscriptionStatus: 'active',
  currentPeriodEnd: '2030-01-31T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  accountDeletionDate: null,
  provider: 'local',
};

beforeAll(async () => {
  const url = await billing.start();
  gateway = await startGatewayTestApp({
    BILLING_SERVICE_URL: url,
    PUBLIC_URL,
    CHECKOUTS_PER_MEMBER_PER_HOUR: '1000',
    TEST_PAYMENTS_PER_MEMBER_PER_HOUR: '1000',
    REGISTRATIONS_PER_IP_PER_HOUR: '100',
  });
  await gateway.app.listen(0, '127.0.0.1');
  port = (gateway.app.getHttpServer().address() as AddressInfo).port;
  const registered = await registerOk(gateway);
  member = { id: String(registered.user.id), email: registered.username, token: registered.token };
});

afterEach(() => billing.reset());

afterAll(async () => {
  await gateway.close();
  await billing.close();
});

const asMember = (call: ReturnType<ReturnType<typeof api>['post']>) =>
  call.set('Authorization', `Bearer ${member.token}`);

function expectInternalHeaders(headers: http.IncomingHttpHeaders, actor: string | null = member.id): void {
  expect(headers['x-internal-token']).toBe(INTERNAL_TOKEN);
  if (actor) expect(headers['x-actor-user-id']).toBe(actor);
  else expect(headers['x-actor-user-id']).toBeUndefined();
  // The browser's own credentials never reach the billing service.
  expect(headers.authorization).toBeUndefined();
  expect(headers.cookie).toBeUndefined();
}

describe('POST /api/stripe/create-subscription', () => {
  it('forwards the plan with the signed-in member and their e-mail and the app origin, and relays the checkout', async () => {
    billing.answer('POST /subscriptions/checkout', {
      json: { sessionId: 'cs_test_123', url: `${PUBLIC_URL}/checkout/test/cs_test_123` },
    });

    const response = await asMember(api(gateway).post('/api/stripe/create-subscription')).send({
      plan: 'annual',
      email: 'someone-else@example.test',
    });

    expect(response.status).toBe(200);
    expect(createSubscriptionResponseSchema.parse(response.body)).toEqual({
      sessionId: 'cs_test_123',
      url: `${PUBLIC_URL}/checkout/test/cs_test_123`,
    });
    const sent = billing.only();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/subscriptions/checkout');
    expectInternalHeaders(sent.headers);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(billing.json(sent)).toEqual({ plan: 'annual', email: member.email, origin: PUBLIC_URL });
  });

  it("returns the browser to the app's address the page is at (127.0.0.1, a LAN address), never to a foreign page's", async () => {
    for (const [headers, origin] of [
      [{ Host: '127.0.0.1:3000', Origin: 'http://127.0.0.1:3000' }, 'http://127.0.0.1:3000'],
      [{ Host: '192.168.1.20:3000', Referer: 'http://192.168.1.20:3000/subscribe' }, 'http://192.168.1.20:3000'],
      [{ Host: '127.0.0.1:3000', Origin: 'https://evil.example' }, PUBLIC_URL],
      [{ Host: '127.0.0.1:3000' }, PUBLIC_URL],
    ] as const) {
      billing.answer('POST /subscriptions/checkout', {
        json: { sessionId: 'cs_test_1', url: `${origin}/checkout/test/cs_test_1` },
      });
      expect(
        (await asMember(api(gateway).post('/api/stripe/create-subscription')).set(headers).send({ plan: 'monthly' }))
          .status,
      ).toBe(200);
      expect(billing.json(billing.only())).toMatchObject({ origin });
      billing.reset();
      billing.answer('POST /account/portal', { json: { url: 'https://billing.stripe.test/p/session_1' } });
      expect((await asMember(api(gateway).post('/api/billing/portal')).set(headers).send({})).status).toBe(200);
      expect(billing.json(billing.only())).toEqual({ returnUrl: `${origin}/profile` });
      billing.reset();
    }
  });

  it('relays the 409 subscription_past_due of a member whose renewal failed (the web app sends them to the portal)', async () => {
    billing.answer('POST /subscriptions/checkout', {
      status: 409,
      json: { error: API_ERRORS.subscriptionPastDue.message, code: 'subscription_past_due' },
    });
    const response = await asMember(api(gateway).post('/api/stripe/create-subscription')).send({ plan: 'monthly' });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 409,
      body: {
        error: 'Your last payment failed: pay it or change your card in Manage billing',
        code: 'subscription_past_due',
      },
    });
  });

  it("relays {status: 'active'} for a member who is subscribed already", async () => {
    billing.answer('POST /subscriptions/checkout', { json: { status: 'active' } });
    const response = await asMember(api(gateway).post('/api/stripe/create-subscription')).send({ plan: 'monthly' });
    expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { status: 'active' } });
  });

  it.each([[{}], [{ plan: 'weekly' }], [{ plan: 1 }]])('refuses %j with 400 before forwarding', async (body) => {
    const response = await asMember(api(gateway).post('/api/stripe/create-subscription')).send(body);
    expectError(response, 400, 'plan must be monthly or annual');
    expect(response.body.code).toBe('validation_failed');
    expect(billing.received).toHaveLength(0);
  });

  it('needs a signed-in member', async () => {
    const response = await api(gateway).post('/api/stripe/create-subscription').send({ plan: 'monthly' });
    expectError(response, 401);
    expect(billing.received).toHaveLength(0);
  });
});

describe('POST /api/stripe/verify-payment', () => {
  beforeEach(() => billing.answer('POST /subscriptions/verify', { json: { subscriptionStatus: 'active' } }));

  it('forwards the session_id of the body', async () => {
    const response = await asMember(api(gateway).post('/api/stripe/verify-payment')).send({
      session_id: 'cs_test_abc',
    });
    expect(verifyPaymentResponseSchema.parse(response.body)).toEqual({ subscriptionStatus: 'active' });
    const sent = billing.only();
    expect(sent.url).toBe('/subscriptions/verify');
    expectInternalHeaders(sent.headers);
    expect(billing.json(sent)).toEqual({ session_id: 'cs_test_abc' });
  });

  it('takes session_id from the query when the body is empty (the spec sends no body)', async () => {
    const response = await asMember(api(gateway).post('/api/stripe/verify-payment?session_id=cs_test_q'));
    expect(response.status).toBe(200);
    expect(billing.json(billing.only())).toEqual({ session_id: 'cs_test_q' });
  });

  it("without any session_id asks for the member's latest checkout", async () => {
    await asMember(api(gateway).post('/api/stripe/verify-payment'));
    expect(billing.json(billing.only())).toEqual({});
  });

  it('relays the 404 of an unknown checkout as it is', async () => {
    billing.answer('POST /subscriptions/verify', {
      status: 404,
      json: { error: 'No payment session found', code: 'checkout_not_found' },
    });
    const response = await asMember(api(gateway).post('/api/stripe/verify-payment')).send({ session_id: 'cs_unknown' });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 404,
      body: { error: 'No payment session found', code: 'checkout_not_found' },
    });
  });

  it('refuses a session_id that is not a string of at most 200 characters', async () => {
    for (const body of [{ session_id: 5 }, { session_id: 'x'.repeat(201) }]) {
      expectError(await asMember(api(gateway).post('/api/stripe/verify-payment')).send(body), 400);
    }
    expectError(await asMember(api(gateway).post('/api/stripe/verify-payment?session_id=a&session_id=b')), 400);
    expect(billing.received).toHaveLength(0);
  });

  it('refuses a session_id that cannot be a checkout id (NUL, slashes, dots), in the body or the query, with 400 validation_failed', async () => {
    for (const session_id of ['cs_\u0000x', '\u0000', '../account', 'cs test', '']) {
      const response = await asMember(api(gateway).post('/api/stripe/verify-payment')).send({ session_id });
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: 'validation_failed' });
    }
    for (const query of ['cs_%00x', '%00', '..%2Faccount']) {
      const response = await asMember(api(gateway).post(`/api/stripe/verify-payment?session_id=${query}`));
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: 'validation_failed' });
    }
    expect(billing.received).toHaveLength(0);
  });

  it('needs a signed-in member', async () => {
    expectError(await api(gateway).post('/api/stripe/verify-payment').send({ session_id: 'cs_test_abc' }), 401);
    expect(billing.received).toHaveLength(0);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('passes the raw body through byte for byte with the provider signature, without a member', async () => {
    billing.answer('POST /webhooks', { json: { received: true } });
    // Not re-serialisable JSON: odd spacing, key order, escapes and a multi-byte character must survive untouched.
    const raw = Buffer.from(
      '{ "id":"evt_1",  "type" : "checkout.session.completed","data":{"object":{"x":"\\u00e9 é"}}}\n',
      'utf8',
    );

    // Sent as raw bytes: supertest would serialise a Buffer as JSON.
    const response = await rawRequest(port, {
      method: 'POST',
      path: '/api/stripe/webhook',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': raw.length,
        'Stripe-Signature': 't=1700000000,v1=abcdef0123456789',
      },
      body: raw,
    });

    expect({ status: response.status, body: JSON.parse(response.text) }).toEqual({
      status: 200,
      body: { received: true },
    });
    const sent = billing.only();
    expect(sent.url).toBe('/webhooks');
    expect(sent.body.equals(raw)).toBe(true);
    expect(sent.headers['x-provider-signature']).toBe('t=1700000000,v1=abcdef0123456789');
    expect(sent.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(sent.headers['content-length']).toBe(String(raw.length));
    expectInternalHeaders(sent.headers, null);
  });

  it('passes a body the JSON parser would refuse (it is the billing service that judges it)', async () => {
    billing.answer('POST /webhooks', {
      status: 400,
      json: { error: 'Webhook signature verification failed', code: 'webhook_signature' },
    });
    const raw = Buffer.from('{not json', 'utf8');
    const response = await rawRequest(port, {
      method: 'POST',
      path: '/api/stripe/webhook',
      headers: { 'Content-Type': 'application/json', 'Content-Length': raw.length },
      body: raw,
    });
    expect({ status: response.status, body: JSON.parse(response.text) }).toEqual({
      status: 400,
      body: { error: 'Webhook signature verification failed', code: 'webhook_signature' },
    });
    const sent = billing.only();
    expect(sent.body.equals(raw)).toBe(true);
    expect(sent.headers['x-provider-signature']).toBeUndefined();
  });

  it('refuses a body over 256 KB with 413 and forwards nothing', async () => {
    const big = Buffer.alloc(256 * 1024 + 1, 0x20);
    const declared = await rawRequest(port, {
      method: 'POST',
      path: '/api/stripe/webhook',
      headers: { 'Content-Type': 'application/json', 'Content-Length': big.length },
      body: big,
    });
    expect({ status: declared.status, body: JSON.parse(declared.text) }).toEqual({
      status: 413,
      body: { error: 'Request body is too large', code: 'body_too_large' },
    });
    // Chunked, so only counting the bytes as they arrive can tell.
    const chunked = await rawRequest(port, {
      method: 'POST',
      path: '/api/stripe/webhook',
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      body: big,
    });
    expect(chunked.status).toBe(413);
    expect(billing.received).toHaveLength(0);
  });
});

describe('/api/billing', () => {
  it('GET /account forwards for the member and relays the account', async () => {
    billing.answer('GET /account', { json: ACCOUNT });
    const response = await api(gateway).get('/api/billing/account').set('Authorization', `Bearer ${member.token}`);
    expect(billingAccountSchema.parse(response.body)).toEqual(ACCOUNT);
    const sent = billing.only();
    expect(sent.method).toBe('GET');
    expectInternalHeaders(sent.headers);
  });

  it('POST /cancel relays the account with its end date, and the 409 of a member without a subscription', async () => {
    billing.answer('POST /account/cancel', { json: { ...ACCOUNT, cancelAtPeriodEnd: true } });
    const cancelled = await asMember(api(gateway).post('/api/billing/cancel'));
    expect(billingAccountSchema.parse(cancelled.body).cancelAtPeriodEnd).toBe(true);
    expectInternalHeaders(billing.only().headers);

    billing.answer('POST /account/cancel', {
      status: 409,
      json: { error: API_ERRORS.noSubscription.message, code: 'no_subscription' },
    });
    const refused = await asMember(api(gateway).post('/api/billing/cancel'));
    expectError(refused, 409, API_ERRORS.noSubscription.message);
    expect(refused.body.code).toBe('no_subscription');
  });

  it('POST /resume forwards for the member and relays the account renewing again, or the 409 nothing_to_resume', async () => {
    billing.answer('POST /account/resume', { json: ACCOUNT });
    const resumed = await asMember(api(gateway).post('/api/billing/resume')).send({ userId: 'someone-else' });
    expect({ status: resumed.status, body: billingAccountSchema.parse(resumed.body) }).toEqual({
      status: 200,
      body: ACCOUNT,
    });
    const sent = billing.only();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/account/resume');
    expectInternalHeaders(sent.headers);
    expect(billing.json(sent)).toEqual({});

    billing.answer('POST /account/resume', {
      status: 409,
      json: { error: API_ERRORS.nothingToResume.message, code: 'nothing_to_resume' },
    });
    const refused = await asMember(api(gateway).post('/api/billing/resume'));
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 409,
      body: { error: 'There is no cancelled subscription to resume', code: 'nothing_to_resume' },
    });
  });

  it('POST /resume needs a signed-in member', async () => {
    expectError(await api(gateway).post('/api/billing/resume'), 401);
    expect(billing.received).toHaveLength(0);
  });

  it("POST /portal asks for the portal returning to the app's Profile page", async () => {
    billing.answer('POST /account/portal', { json: { url: 'https://billing.stripe.test/p/session_1' } });
    const response = await asMember(api(gateway).post('/api/billing/portal')).send({
      returnUrl: 'https://evil.example',
    });
    expect(response.body).toEqual({ url: 'https://billing.stripe.test/p/session_1' });
    expect(billing.json(billing.only())).toEqual({ returnUrl: `${PUBLIC_URL}/profile` });
  });

  it('GET /test-checkout/:id forwards a well-formed id and relays the checkout', async () => {
    const checkout = {
      sessionId: 'lcs_Abc-123_x',
      plan: 'monthly',
      amountCents: 4000,
      currency: 'usd',
      interval: 'month',
      status: 'open',
    };
    billing.answer('GET /test-checkout/lcs_Abc-123_x', { json: checkout });
    const response = await api(gateway)
      .get('/api/billing/test-checkout/lcs_Abc-123_x')
      .set('Authorization', `Bearer ${member.token}`);
    expect(testCheckoutSchema.parse(response.body)).toEqual(checkout);
    expectInternalHeaders(billing.only().headers);
  });

  it.each(['..', '%2e%2e', 'a%2Fb', 'a.b', 'a%00b', 'x'.repeat(201), 'caf%C3%A9'])(
    'answers checkout_not_found for the id %s without forwarding',
    async (id) => {
      const response = await api(gateway)
        .get(`/api/billing/test-checkout/${id}`)
        .set('Authorization', `Bearer ${member.token}`);
      expectError(response, 404, 'No payment session found');
      expect(response.body.code).toBe('checkout_not_found');
      expect(billing.received).toHaveLength(0);
    },
  );

  it('POST /test-checkout/:id/pay forwards a valid card and relays the redirect, or the decline', async () => {
    billing.answer('POST /test-checkout/lcs_1/pay', (request) => {
      const { cardNumber } = JSON.parse(request.body.toString()) as { cardNumber: string };
      return cardNumber.startsWith('4000')
        ? { status: 402, json: { error: 'Your card was declined.', code: 'card_declined' } }
        : { json: { redirectUrl: `${PUBLIC_URL}/success?session_id=lcs_1` } };
    });
    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
    const paid = await asMember(api(gateway).post('/api/billing/test-checkout/lcs_1/pay')).send({
      ...card,
      extra: 'dropped',
    });
    expect(testCheckoutPaidSchema.parse(paid.body)).toEqual({ redirectUrl: `${PUBLIC_URL}/success?session_id=lcs_1` });
    const sent = billing.only();
    expectInternalHeaders(sent.headers);
    expect(billing.json(sent)).toEqual(card);

    const declined = await asMember(api(gateway).post('/api/billing/test-checkout/lcs_1/pay')).send({
      ...card,
      cardNumber: '4000 0000 0000 0002',
    });
    expectError(declined, 402, 'Your card was declined.');
    expect(declined.body.code).toBe('card_declined');
  });

  it("GET /test-checkout/portal forwards to the billing service's portal (not as a checkout id) and relays it", async () => {
    const portal = {
      plan: 'monthly',
      status: 'past_due',
      currentPeriodEnd: '2026-12-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      cardLast4: '0002',
    };
    billing.answer('GET /test-checkout/portal', { json: portal });
    const response = await asMember(api(gateway).get('/api/billing/test-checkout/portal'));
    expect(testPortalSchema.parse(response.body)).toEqual(portal);
    const sent = billing.only();
    expect(sent.url).toBe('/test-checkout/portal');
    expectInternalHeaders(sent.headers);
  });

  it('POST /test-checkout/portal/card forwards a valid card and relays the portal, or the decline; a malformed card is refused first', async () => {
    billing.answer('POST /test-checkout/portal/card', (request) => {
      const { cardNumber } = JSON.parse(request.body.toString()) as { cardNumber: string };
      return cardNumber.startsWith('4000')
        ? { status: 402, json: { error: 'Your card was declined.', code: 'card_declined' } }
        : {
            json: {
              plan: 'monthly',
              status: 'active',
              currentPeriodEnd: '2026-12-01T00:00:00.000Z',
              cancelAtPeriodEnd: false,
              cardLast4: '4242',
            },
          };
    });
    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
    const updated = await asMember(api(gateway).post('/api/billing/test-checkout/portal/card')).send({
      ...card,
      extra: 'dropped',
    });
    expect(testPortalSchema.parse(updated.body)).toMatchObject({ status: 'active', cardLast4: '4242' });
    const sent = billing.only();
    expectInternalHeaders(sent.headers);
    expect(billing.json(sent)).toEqual(card);

    const declined = await asMember(api(gateway).post('/api/billing/test-checkout/portal/card')).send({
      ...card,
      cardNumber: '4000 0000 0000 0002',
    });
    expectError(declined, 402, 'Your card was declined.');
    const malformed = await asMember(api(gateway).post('/api/billing/test-checkout/portal/card')).send({
      cardNumber: '4242',
      expiry: '12/34',
      cvc: '123',
    });
    expectError(malformed, 400, 'Your card number is incomplete.');
    expect(billing.received).toHaveLength(2);
  });

  it('POST /test-checkout/portal/resume forwards and relays the portal', async () => {
    const portal = {
      plan: 'annual',
      status: 'active',
      currentPeriodEnd: '2027-12-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      cardLast4: '4242',
    };
    billing.answer('POST /test-checkout/portal/resume', { json: portal });
    const response = await asMember(api(gateway).post('/api/billing/test-checkout/portal/resume'));
    expect(testPortalSchema.parse(response.body)).toEqual(portal);
    expectInternalHeaders(billing.only().headers);
  });

  it('refuses a malformed card with the contract message before forwarding', async () => {
    const response = await asMember(api(gateway).post('/api/billing/test-checkout/lcs_1/pay')).send({
      cardNumber: '4242',
      expiry: '12/34',
      cvc: '123',
    });
    expectError(response, 400, 'Your card number is incomplete.');
    expect(billing.received).toHaveLength(0);
  });

  it.each([
    ['GET', '/api/billing/account'],
    ['POST', '/api/billing/cancel'],
    ['POST', '/api/billing/portal'],
    ['GET', '/api/billing/test-checkout/lcs_1'],
    ['POST', '/api/billing/test-checkout/lcs_1/pay'],
    ['GET', '/api/billing/test-checkout/portal'],
    ['POST', '/api/billing/test-checkout/portal/card'],
    ['POST', '/api/billing/test-checkout/portal/resume'],
  ])('%s %s needs a signed-in member', async (method, path) => {
    const call =
      method === 'GET'
        ? api(gateway).get(path)
        : api(gateway).post(path).send({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    expectError(await call, 401);
    expect(billing.received).toHaveLength(0);
  });
});
