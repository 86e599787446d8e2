import Stripe from 'stripe';
import { FakeStripeApi } from '../../../test/fake-stripe-api';
import {
  type CheckoutRequest,
  isPermanentProviderError,
  PermanentProviderError,
  WebhookSignatureError,
} from '../payment-provider';
import {
  FREE_FOR_LIFE_COUPON_ID,
  StripePaymentProvider,
  type StripePaymentProviderOptions,
} from './stripe-payment-provider';

const PRICES = { monthly: 'price_test_monthly_40', annual: 'price_test_annual_400' };
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef0123456789abcdef';
const ORIGIN = 'https://app.example.test';

describe('StripePaymentProvider against a local Stripe-like API', () => {
  let api: FakeStripeApi;
  let clock: number;

  function provider(overrides: Partial<StripePaymentProviderOptions> = {}): StripePaymentProvider {
    return new StripePaymentProvider({
      secretKey: api.secretKey,
      webhookSecret: WEBHOOK_SECRET,
      prices: PRICES,
      host: '127.0.0.1',
      port: api.port,
      protocol: 'http',
      timeoutMs: 5_000,
      now: () => clock,
      ...overrides,
    });
  }

  function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
    return {
      userId: 'user-1',
      email: 'member@example.test',
      plan: 'monthly',
      customerId: null,
      checkoutsBefore: 0,
      successUrl: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/cancel`,
      ...overrides,
    };
  }

  beforeEach(async () => {
    api = await new FakeStripeApi().start();
    clock = Date.UTC(2026, 10, 1, 12, 0, 0);
  });

  afterEach(async () => {
    await api.stop();
  });

  describe('createCheckout', () => {
    it('creates a subscription-mode session for a new member with her email, the plan price, metadata on the session and the subscription', async () => {
      const result = await provider().createCheckout(checkout());

      expect(api.requests).toHaveLength(1);
      const [request] = api.requests;
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/v1/checkout/sessions');
      expect(request.headers.authorization).toBe(`Bearer ${api.secretKey}`);
      expect(request.headers['content-type']).toContain('application/x-www-form-urlencoded');
      expect(request.headers['stripe-version']).toBe(Stripe.API_VERSION);
      expect(request.body).toEqual({
        mode: 'subscription',
        line_items: [{ price: PRICES.monthly, quantity: '1' }],
        customer_email: 'member@example.test',
        client_reference_id: 'user-1',
        metadata: { userId: 'user-1' },
        subscription_data: { metadata: { userId: 'user-1' } },
        success_url: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${ORIGIN}/cancel`,
      });
      // The SDK's nested form keys, as Stripe reads them.
      expect(request.rawBody).toContain('subscription_data[metadata][userId]=user-1');
      expect(request.headers['idempotency-key']).toMatch(/^checkout-monthly-\d+-[0-9a-f]{40}$/);

      const session = api.sessions.get(result.checkoutId)!;
      expect(result).toEqual({ checkoutId: session.id, url: session.url });
      expect(result.checkoutId).toMatch(/^cs_test_/);
      expect(result.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    });

    it('names the existing customer (and no email) for a member who already has one, with the annual price', async () => {
      await provider().createCheckout(checkout({ plan: 'annual', customerId: 'cus_existing' }));

      const { body, headers } = api.requests[0];
      expect(body.customer).toBe('cus_existing');
      expect(body).not.toHaveProperty('customer_email');
      expect(body.line_items).toEqual([{ price: PRICES.annual, quantity: '1' }]);
      expect(headers['idempotency-key']).toMatch(/^checkout-annual-/);
    });

    it('makes one session of a double click (same key, the first session answered again), a new one in the next time bucket or for the other plan', async () => {
      const stripe = provider();
      const first = await stripe.createCheckout(checkout());
      clock += 2_000;
      const second = await stripe.createCheckout(checkout());

      expect(second).toEqual(first);
      expect(api.requests[1].headers['idempotency-key']).toBe(api.requests[0].headers['idempotency-key']);
      expect(api.sessions.size).toBe(1);

      const otherPlan = await stripe.createCheckout(checkout({ plan: 'annual' }));
      expect(otherPlan.checkoutId).not.toBe(first.checkoutId);
      const otherMember = await stripe.createCheckout(checkout({ userId: 'user-2', email: 'other@example.test' }));
      expect(otherMember.checkoutId).not.toBe(first.checkoutId);

      clock += 11 * 60_000;
      const later = await stripe.createCheckout(checkout());
      expect(later.checkoutId).not.toBe(first.checkoutId);
      expect(new Set(api.requests.map((r) => r.headers['idempotency-key'])).size).toBe(4);
    });
  });

  describe('retrieveCheckout', () => {
    it('reads an open session (expanding its subscription): open, no customer, no subscription', async () => {
      const stripe = provider();
      const { checkoutId } = await stripe.createCheckout(checkout());

      await expect(stripe.retrieveCheckout(checkoutId)).resolves.toEqual({
        checkoutId,
        status: 'open',
        url: api.sessions.get(checkoutId)!.url,
        customerId: null,
        subscription: null,
      });
      const request = api.requests[1];
      expect(request.method).toBe('GET');
      expect(request.path).toBe(`/v1/checkout/sessions/${checkoutId}`);
      expect(request.query).toEqual({ expand: ['subscription', 'subscription.default_payment_method'] });
    });

    it("maps a completed session with its expanded subscription and the paying card's fingerprint", async () => {
      const stripe = provider();
      const { checkoutId } = await stripe.createCheckout(checkout());
      const periodEnd = Math.floor(clock / 1000) + 30 * 86_400;
      const defaultPaymentMethod = api.addCardPaymentMethod('fp_card_new', 'cus_new');
      const subscription = api.addSubscription({
        customer: 'cus_new',
        price: PRICES.monthly,
        userId: 'user-1',
        periodEnd,
        defaultPaymentMethod,
      });
      api.completeSession(checkoutId, subscription);

      const state = await stripe.retrieveCheckout(checkoutId);
      expect(state).toEqual({
        checkoutId,
        status: 'complete',
        url: null,
        customerId: 'cus_new',
        subscription: {
          subscriptionId: subscription.id,
          customerId: 'cus_new',
          userId: 'user-1',
          plan: 'monthly',
          status: 'active',
          currentPeriodEnd: new Date(periodEnd * 1000),
          cancelAtPeriodEnd: false,
          updatedAt: expect.any(Date),
          cardFingerprint: 'fp_card_new',
        },
      });
    });

    it('answers expired for an expired session', async () => {
      const stripe = provider();
      const { checkoutId } = await stripe.createCheckout(checkout());
      api.sessions.get(checkoutId)!.status = 'expired';
      await expect(stripe.retrieveCheckout(checkoutId)).resolves.toMatchObject({
        status: 'expired',
        url: null,
        subscription: null,
      });
    });
  });

  describe('expireCheckout', () => {
    it('expires an open session at Stripe and answers it expired', async () => {
      const stripe = provider();
      const { checkoutId } = await stripe.createCheckout(checkout());
      await expect(stripe.expireCheckout(checkoutId)).resolves.toMatchObject({
        checkoutId,
        status: 'expired',
        url: null,
        subscription: null,
      });
      expect(api.requests[1]).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${checkoutId}/expire` });
      expect(api.sessions.get(checkoutId)!.status).toBe('expired');
    });

    it('answers a session paid before it could be expired as complete, with its subscription', async () => {
      const stripe = provider();
      const { checkoutId } = await stripe.createCheckout(checkout());
      const subscription = api.completeCheckout(checkoutId, { price: PRICES.monthly });
      await expect(stripe.expireCheckout(checkoutId)).resolves.toMatchObject({
        status: 'complete',
        subscription: { subscriptionId: subscription.id, status: 'active' },
      });
    });
  });

  describe('refundDuplicate', () => {
    it("refunds the latest invoice's payment as a duplicate, cancels the subscription at once, and repeats as the same requests", async () => {
      const subscription = api.addSubscription({
        id: 'sub_dup',
        customer: 'cus_d',
        price: PRICES.monthly,
        userId: 'user-d',
      });
      const paymentIntent = api.payInvoice(subscription);

      const state = await provider().refundDuplicate('sub_dup');
      expect(state).toMatchObject({ subscriptionId: 'sub_dup', status: 'canceled' });
      const refunds = api.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
      expect(refunds).toHaveLength(1);
      expect(refunds[0].body).toEqual({
        payment_intent: paymentIntent,
        reason: 'duplicate',
        metadata: { subscriptionId: 'sub_dup' },
      });
      expect(refunds[0].headers['idempotency-key']).toBe(`duplicate-refund-${paymentIntent}`);
      expect(
        api.requests.some((request) => request.method === 'DELETE' && request.path === '/v1/subscriptions/sub_dup'),
      ).toBe(true);
      expect(api.refunds).toHaveLength(1);

      // Again (a retried event): the refund is Stripe's idempotent replay, the canceled subscription is not cancelled again.
      await expect(provider().refundDuplicate('sub_dup')).resolves.toMatchObject({ status: 'canceled' });
      expect(api.refunds).toHaveLength(1);
      expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    });
  });

  describe('retrieveSubscription', () => {
    it('reads the subscription: plan from the configured price, the period end from its item (this API version), the status as given', async () => {
      const subscription = api.addSubscription({
        id: 'sub_annual',
        customer: 'cus_a',
        price: PRICES.annual,
        status: 'past_due',
        userId: 'user-9',
        periodEnd: 1_800_000_000,
      });

      const state = await provider().retrieveSubscription('sub_annual');
      expect(api.requests[0]).toMatchObject({
        method: 'GET',
        path: '/v1/subscriptions/sub_annual',
        query: { expand: ['default_payment_method'] },
      });
      expect(state).toEqual({
        subscriptionId: subscription.id,
        customerId: 'cus_a',
        userId: 'user-9',
        plan: 'annual',
        status: 'past_due',
        currentPeriodEnd: new Date(1_800_000_000 * 1000),
        cancelAtPeriodEnd: false,
        updatedAt: expect.any(Date),
        cardFingerprint: null,
      });
    });

    it("reads the default payment method's card fingerprint: the same card, the same fingerprint", async () => {
      api.addSubscription({
        id: 'sub_card_1',
        price: PRICES.monthly,
        defaultPaymentMethod: api.addCardPaymentMethod('fp_same'),
      });
      api.addSubscription({
        id: 'sub_card_2',
        price: PRICES.monthly,
        defaultPaymentMethod: api.addCardPaymentMethod('fp_same'),
      });
      const stripe = provider();
      await expect(stripe.retrieveSubscription('sub_card_1')).resolves.toMatchObject({ cardFingerprint: 'fp_same' });
      await expect(stripe.retrieveSubscription('sub_card_2')).resolves.toMatchObject({ cardFingerprint: 'fp_same' });
    });

    it('answers plan null for a price that is not configured, and userId null without metadata', async () => {
      api.addSubscription({ id: 'sub_other', price: 'price_someone_else', userId: null });
      await expect(provider().retrieveSubscription('sub_other')).resolves.toMatchObject({ plan: null, userId: null });
    });

    it('gives every later read a later updatedAt, even when the provider clears a timestamp (undoing a cancellation)', async () => {
      const stripe = provider();
      const created = Math.floor(clock / 1000) - 86_400;
      const subscription = api.addSubscription({
        id: 'sub_ts',
        price: PRICES.monthly,
        created,
        cancelAtPeriodEnd: true,
        canceledAt: created + 3600,
      });

      const first = await stripe.retrieveSubscription('sub_ts');
      // Same clock reading: still strictly later.
      Object.assign(subscription, { status: 'past_due' });
      const second = await stripe.retrieveSubscription('sub_ts');
      Object.assign(subscription, {
        status: 'active',
        cancel_at_period_end: false,
        canceled_at: null,
        cancel_at: null,
      });
      clock += 1_000;
      const third = await stripe.retrieveSubscription('sub_ts');

      expect(second.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
      expect(third.updatedAt.getTime()).toBeGreaterThan(second.updatedAt.getTime());
      expect(third).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
      expect(first.updatedAt.getTime()).toBeGreaterThanOrEqual((created + 3600) * 1000);
    });

    it('is never earlier than the latest timestamp on the object (a provider clock ahead of ours)', async () => {
      const ahead = Math.floor(clock / 1000) + 120;
      api.addSubscription({ id: 'sub_ahead', price: PRICES.monthly, created: ahead });
      const state = await provider().retrieveSubscription('sub_ahead');
      expect(state.updatedAt.getTime()).toBe(ahead * 1000);
    });
  });

  describe('setCancelAtPeriodEnd and portalUrl', () => {
    it('sets cancel_at_period_end and answers the updated subscription; false undoes it', async () => {
      const periodEnd = Math.floor(clock / 1000) + 10 * 86_400;
      api.addSubscription({ id: 'sub_c', customer: 'cus_c', price: PRICES.monthly, userId: 'user-c', periodEnd });

      const state = await provider().setCancelAtPeriodEnd('sub_c', true);
      expect(api.requests[0]).toMatchObject({
        method: 'POST',
        path: '/v1/subscriptions/sub_c',
        body: { cancel_at_period_end: 'true' },
      });
      expect(state).toMatchObject({
        subscriptionId: 'sub_c',
        status: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: new Date(periodEnd * 1000),
      });

      const resumed = await provider().setCancelAtPeriodEnd('sub_c', false);
      expect(api.requests[1]).toMatchObject({
        method: 'POST',
        path: '/v1/subscriptions/sub_c',
        body: { cancel_at_period_end: 'false' },
      });
      expect(resumed).toMatchObject({ subscriptionId: 'sub_c', status: 'active', cancelAtPeriodEnd: false });
    });

    it('creates a billing portal session for the customer and answers its url', async () => {
      const url = await provider().portalUrl('cus_p', `${ORIGIN}/profile`);
      expect(api.requests[0]).toMatchObject({
        method: 'POST',
        path: '/v1/billing_portal/sessions',
        body: { customer: 'cus_p', return_url: `${ORIGIN}/profile` },
      });
      expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    });
  });

  describe('grantFreeForLife (the referral reward)', () => {
    it('creates the 100%-off forever coupon once, then applies it to the subscription as its discount', async () => {
      api.addSubscription({ id: 'sub_r1', price: PRICES.monthly });
      api.addSubscription({ id: 'sub_r2', price: PRICES.annual });
      const stripe = provider();

      await stripe.grantFreeForLife('sub_r1');
      expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        `GET /v1/coupons/${FREE_FOR_LIFE_COUPON_ID}`,
        'POST /v1/coupons',
        'POST /v1/subscriptions/sub_r1',
      ]);
      expect(api.requests[1].body).toEqual({
        id: FREE_FOR_LIFE_COUPON_ID,
        percent_off: '100',
        duration: 'forever',
        name: 'Free for life (4 referrals)',
      });
      expect(api.requests[2].body).toEqual({ discounts: [{ coupon: FREE_FOR_LIFE_COUPON_ID }] });
      expect(api.coupons.get(FREE_FOR_LIFE_COUPON_ID)).toMatchObject({ percent_off: 100, duration: 'forever' });
      expect(api.subscriptions.get('sub_r1')!.discount_objects).toEqual([
        expect.objectContaining({
          object: 'discount',
          coupon: expect.objectContaining({ id: FREE_FOR_LIFE_COUPON_ID }),
        }),
      ]);

      // The coupon is reused: the same provider asks nothing more; another instance finds it.
      api.requests.length = 0;
      await stripe.grantFreeForLife('sub_r2');
      expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        'POST /v1/subscriptions/sub_r2',
      ]);
      api.requests.length = 0;
      await provider().grantFreeForLife('sub_r2');
      expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        `GET /v1/coupons/${FREE_FOR_LIFE_COUPON_ID}`,
        'POST /v1/subscriptions/sub_r2',
      ]);
      expect(api.coupons.size).toBe(1);
    });

    it('takes the coupon another instance created meanwhile', async () => {
      api.addSubscription({ id: 'sub_race', price: PRICES.monthly });
      const stripe = provider();
      // The read misses, then the coupon appears before the create.
      api.failNext({
        status: 404,
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such coupon: '${FREE_FOR_LIFE_COUPON_ID}'`,
        },
      });
      api.failNext({
        status: 400,
        error: { type: 'invalid_request_error', code: 'resource_already_exists', message: 'Coupon already exists.' },
      });
      api.coupons.set(FREE_FOR_LIFE_COUPON_ID, {
        id: FREE_FOR_LIFE_COUPON_ID,
        object: 'coupon',
        percent_off: 100,
        duration: 'forever',
      });
      await stripe.grantFreeForLife('sub_race');
      expect(api.requests.at(-1)).toMatchObject({
        method: 'POST',
        path: '/v1/subscriptions/sub_race',
        body: { discounts: [{ coupon: FREE_FOR_LIFE_COUPON_ID }] },
      });
    });

    it('a failure is thrown (the caller retries) and the coupon is looked up again next time', async () => {
      api.addSubscription({ id: 'sub_fail', price: PRICES.monthly });
      const stripe = provider();
      api.failNext({ status: 500, error: { type: 'api_error', message: 'Something went wrong' } });
      await expect(stripe.grantFreeForLife('sub_fail')).rejects.toThrow(/Stripe request failed \(500\)/);
      await stripe.grantFreeForLife('sub_fail');
      expect(api.subscriptions.get('sub_fail')!.discounts).toHaveLength(1);
    });
  });

  describe('revokeFreeForLife (the reward taken back)', () => {
    const discountDeletes = () =>
      api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path);

    it("deletes the subscription's discount; again, there is none: no error", async () => {
      api.addSubscription({ id: 'sub_back', price: PRICES.monthly });
      const stripe = provider();
      await stripe.grantFreeForLife('sub_back');
      await stripe.revokeFreeForLife('sub_back');
      expect(api.subscriptions.get('sub_back')!.discounts).toEqual([]);
      await stripe.revokeFreeForLife('sub_back');
      expect(discountDeletes()).toEqual(['/v1/subscriptions/sub_back/discount', '/v1/subscriptions/sub_back/discount']);
    });

    it('an unknown subscription, or one ended, has nothing to take back', async () => {
      const stripe = provider();
      await stripe.revokeFreeForLife('sub_unknown');
      api.addSubscription({ id: 'sub_ended', price: PRICES.monthly });
      await stripe.grantFreeForLife('sub_ended');
      api.subscriptions.get('sub_ended')!.status = 'canceled';
      api.failNext({
        status: 400,
        error: { type: 'invalid_request_error', message: 'This subscription is canceled.' },
      });
      await stripe.revokeFreeForLife('sub_ended');
    });

    it('a refusal while the discount is still there is thrown, as is a failure worth retrying', async () => {
      api.addSubscription({ id: 'sub_kept', price: PRICES.monthly });
      const stripe = provider();
      await stripe.grantFreeForLife('sub_kept');
      api.failNext({ status: 400, error: { type: 'invalid_request_error', message: 'Something is off.' } });
      await expect(stripe.revokeFreeForLife('sub_kept')).rejects.toMatchObject({ permanent: true, statusCode: 400 });
      api.failNext({ status: 500, error: { type: 'api_error', message: 'Something went wrong' } });
      await expect(stripe.revokeFreeForLife('sub_kept')).rejects.toThrow(/Stripe request failed \(500\)/);
      expect(api.subscriptions.get('sub_kept')!.discounts).toHaveLength(1);
    });
  });

  describe('errors: permanent or retryable', () => {
    async function failure(promise: Promise<unknown>): Promise<Error> {
      try {
        await promise;
      } catch (error) {
        return error as Error;
      }
      throw new Error('expected a failure');
    }

    it('a 500 is a plain (retryable) error, sent once (the SDK does not retry)', async () => {
      api.failNext({ status: 500, error: { type: 'api_error', message: 'An unknown error occurred' } });
      const error = await failure(provider().createCheckout(checkout()));
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(PermanentProviderError);
      expect(isPermanentProviderError(error)).toBe(false);
      expect(error.message).toContain('An unknown error occurred');
      expect(error.message).not.toContain(api.secretKey);
      expect(api.requests).toHaveLength(1);
    });

    it('a 400 invalid request is a PermanentProviderError with the provider type and code', async () => {
      api.failNext({
        status: 400,
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'line_items[0][price]',
          message: "No such price: 'price_test_monthly_40'",
        },
      });
      const error = await failure(provider().createCheckout(checkout()));
      expect(error).toBeInstanceOf(PermanentProviderError);
      expect(isPermanentProviderError(error)).toBe(true);
      expect(error).toMatchObject({
        type: 'invalid_request_error',
        code: 'resource_missing',
        statusCode: 400,
        message: "No such price: 'price_test_monthly_40'",
      });
    });

    it('a 402 card error is a PermanentProviderError carrying the decline', async () => {
      api.failNext({
        status: 402,
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      });
      const error = await failure(provider().setCancelAtPeriodEnd('sub_any', true));
      expect(error).toBeInstanceOf(PermanentProviderError);
      expect(error).toMatchObject({
        type: 'card_error',
        code: 'card_declined',
        declineCode: 'generic_decline',
        statusCode: 402,
        message: 'Your card was declined.',
      });
    });

    it('an unknown subscription (404 resource_missing) is permanent', async () => {
      const error = await failure(provider().retrieveSubscription('sub_missing'));
      expect(error).toBeInstanceOf(PermanentProviderError);
      expect(error).toMatchObject({ code: 'resource_missing', statusCode: 404 });
    });

    it('reusing an idempotency key with other parameters is permanent', async () => {
      api.failNext({
        status: 400,
        error: {
          type: 'idempotency_error',
          message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        },
      });
      const error = await failure(provider().createCheckout(checkout()));
      expect(error).toBeInstanceOf(PermanentProviderError);
      expect(error).toMatchObject({ type: 'idempotency_error' });
    });

    it('rate limits (429) and conflicts (409) are retryable', async () => {
      api.failNext({
        status: 429,
        error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' },
      });
      api.failNext({
        status: 409,
        error: { type: 'idempotency_error', message: 'A request with this key is in progress' },
      });
      const stripe = provider();
      const rateLimited = await failure(stripe.retrieveSubscription('sub_x'));
      const conflict = await failure(stripe.retrieveSubscription('sub_x'));
      for (const error of [rateLimited, conflict]) {
        expect(error).toBeInstanceOf(Error);
        expect(error).not.toBeInstanceOf(PermanentProviderError);
      }
    });

    it('a wrong secret key (401) is retryable (a configuration fault; queued work survives the fix) and does not leak the key', async () => {
      const error = await failure(provider({ secretKey: 'sk_test_wrong_key_value' }).retrieveSubscription('sub_x'));
      expect(error).not.toBeInstanceOf(PermanentProviderError);
      expect(error.message).not.toContain('sk_test_wrong_key_value');
    });

    it('a connection failure and a timeout are retryable', async () => {
      const stripe = provider({ timeoutMs: 300 });
      api.hangNext = 1;
      const timeout = await failure(stripe.retrieveSubscription('sub_x'));
      expect(timeout).not.toBeInstanceOf(PermanentProviderError);

      const port = api.port;
      await api.stop();
      const refused = await failure(provider({ port }).retrieveSubscription('sub_x'));
      expect(refused).toBeInstanceOf(Error);
      expect(refused).not.toBeInstanceOf(PermanentProviderError);
    });
  });
});

describe('StripePaymentProvider.parseWebhook with real signatures', () => {
  const stripe = new StripePaymentProvider({
    secretKey: 'sk_test_unused',
    webhookSecret: WEBHOOK_SECRET,
    prices: PRICES,
  });
  const created = Math.floor(Date.now() / 1000) - 5;

  function event(
    type: string,
    object: Record<string, unknown>,
    id = `evt_${type.replace(/\W/g, '_')}`,
  ): Record<string, unknown> {
    return {
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  function signed(
    payload: Record<string, unknown> | string,
    options: { secret?: string; timestamp?: number } = {},
  ): { body: Buffer; signature: string } {
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: text,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp,
    });
    return { body: Buffer.from(text, 'utf8'), signature };
  }

  const subscriptionObject = (status: string) => ({
    id: 'sub_123',
    object: 'subscription',
    customer: 'cus_123',
    status,
    cancel_at_period_end: false,
    metadata: { userId: 'user-1' },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          current_period_start: created,
          current_period_end: created + 2_592_000,
          price: { id: PRICES.monthly, object: 'price' },
        },
      ],
    },
  });

  const invoiceObject = (status: string) => ({
    id: 'in_123',
    object: 'invoice',
    customer: 'cus_123',
    status,
    billing_reason: 'subscription_cycle',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { userId: 'user-1' }, subscription: 'sub_123' },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: 'il_1',
          object: 'line_item',
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              subscription: 'sub_123',
              subscription_item: 'si_1',
              proration: false,
              invoice_item: null,
            },
          },
        },
      ],
    },
  });

  const cases: Array<
    [
      string,
      Record<string, unknown>,
      { subscriptionId: string | null; checkoutId: string | null; customerId: string | null; userId: string | null },
    ]
  > = [
    [
      'checkout.session.completed',
      {
        id: 'cs_test_1',
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        customer: 'cus_123',
        subscription: 'sub_123',
        client_reference_id: 'user-1',
        metadata: { userId: 'user-1' },
      },
      { subscriptionId: 'sub_123', checkoutId: 'cs_test_1', customerId: 'cus_123', userId: 'user-1' },
    ],
    [
      'customer.subscription.created',
      subscriptionObject('incomplete'),
      { subscriptionId: 'sub_123', checkoutId: null, customerId: 'cus_123', userId: 'user-1' },
    ],
    [
      'customer.subscription.updated',
      subscriptionObject('active'),
      { subscriptionId: 'sub_123', checkoutId: null, customerId: 'cus_123', userId: 'user-1' },
    ],
    [
      'customer.subscription.deleted',
      subscriptionObject('canceled'),
      { subscriptionId: 'sub_123', checkoutId: null, customerId: 'cus_123', userId: 'user-1' },
    ],
    [
      'invoice.paid',
      invoiceObject('paid'),
      { subscriptionId: 'sub_123', checkoutId: null, customerId: 'cus_123', userId: 'user-1' },
    ],
    [
      'invoice.payment_failed',
      invoiceObject('open'),
      { subscriptionId: 'sub_123', checkoutId: null, customerId: 'cus_123', userId: 'user-1' },
    ],
  ];

  it.each(cases)('verifies and maps %s', (type, object, ids) => {
    const payload = event(type, object);
    const { body, signature } = signed(payload);
    const parsed = stripe.parseWebhook(body, signature);
    expect(parsed).toEqual({
      id: payload.id,
      type,
      createdAt: new Date(created * 1000),
      ...ids,
      payload: JSON.parse(body.toString('utf8')),
    });
  });

  it('falls back to the checkout reference id when the session has no metadata', () => {
    const { body, signature } = signed(
      event('checkout.session.completed', {
        id: 'cs_test_2',
        object: 'checkout.session',
        customer: 'cus_9',
        subscription: 'sub_9',
        client_reference_id: 'user-9',
        metadata: {},
      }),
    );
    expect(stripe.parseWebhook(body, signature)).toMatchObject({
      checkoutId: 'cs_test_2',
      subscriptionId: 'sub_9',
      customerId: 'cus_9',
      userId: 'user-9',
    });
  });

  it('finds an invoice subscription in its lines, or at the pre-basil top-level field', () => {
    const fromLines = { ...invoiceObject('paid'), parent: null };
    let { body, signature } = signed(event('invoice.paid', fromLines));
    expect(stripe.parseWebhook(body, signature)).toMatchObject({ subscriptionId: 'sub_123', userId: null });

    ({ body, signature } = signed(
      event('invoice.paid', { id: 'in_old', object: 'invoice', customer: 'cus_old', subscription: 'sub_old' }),
    ));
    expect(stripe.parseWebhook(body, signature)).toMatchObject({ subscriptionId: 'sub_old', customerId: 'cus_old' });
  });

  it('parses other event types with no ids it does not know', () => {
    const { body, signature } = signed(
      event('charge.succeeded', { id: 'ch_1', object: 'charge', customer: 'cus_123' }),
    );
    expect(stripe.parseWebhook(body, signature)).toMatchObject({
      type: 'charge.succeeded',
      subscriptionId: null,
      checkoutId: null,
      customerId: 'cus_123',
      userId: null,
    });
  });

  describe('refuses with WebhookSignatureError, naming no secret', () => {
    const payload = event('invoice.paid', invoiceObject('paid'));

    function refusal(body: Buffer, signature: string | undefined): WebhookSignatureError {
      try {
        stripe.parseWebhook(body, signature);
      } catch (error) {
        expect(error).toBeInstanceOf(WebhookSignatureError);
        expect((error as Error).message).not.toContain(WEBHOOK_SECRET);
        expect((error as Error).message).not.toContain('whsec_');
        return error as WebhookSignatureError;
      }
      throw new Error('expected a refusal');
    }

    it('a signature made with another secret', () => {
      const { body, signature } = signed(payload, { secret: 'whsec_someone_else' });
      expect(refusal(body, signature).message).toMatch(/No signatures found matching the expected signature/);
    });

    it('a tampered body', () => {
      const { body, signature } = signed(payload);
      const tampered = Buffer.from(body.toString('utf8').replace('"user-1"', '"user-2"'), 'utf8');
      expect(tampered.equals(body)).toBe(false);
      refusal(tampered, signature);
    });

    it('a missing or empty header', () => {
      const { body } = signed(payload);
      refusal(body, undefined);
      refusal(body, '');
    });

    it('a malformed header', () => {
      const { body } = signed(payload);
      refusal(body, 'not-a-stripe-signature');
    });

    it('an old timestamp (outside the default 300 s tolerance)', () => {
      const { body, signature } = signed(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });
      expect(refusal(body, signature).message).toMatch(/Timestamp outside the tolerance zone/);
    });

    it('a body that was parsed instead of passed raw', () => {
      const { signature } = signed(payload);
      refusal(payload as unknown as Buffer, signature);
    });

    it('a correctly signed body that is not an event', () => {
      const { body, signature } = signed('not json at all');
      refusal(body, signature);
    });
  });
});
