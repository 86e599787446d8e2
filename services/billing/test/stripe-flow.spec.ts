import { billingAccountSchema, createSubscriptionResponseSchema } from '@app/contracts';
import { JOBS, QUEUES } from '@app/queue';
import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { accountUpdateJobs, BillingTestApp, call, eventRows, eventually, ORIGIN } from './billing-test-app';
import { FakeStripeApi } from './fake-stripe-api';
import { startStripeBilling, stripeEvent as signedStripeEvent, TEST_PRICES } from './stripe-billing';

const DAY = 24 * 3600 * 1000;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('hex')}`;
const refused = { error: 'Webhook signature verification failed', code: 'webhook_signature' };

type Json = Record<string, unknown>;

const stripeEvent = (type: string, object: Json) => signedStripeEvent(WEBHOOK_SECRET, type, object);

/** An invoice of the subscription as this API version shapes it: the subscription is named under `parent`. */
function invoiceOf(subscription: Json, status: 'open' | 'paid'): Json {
  return {
    id: `in_${randomBytes(8).toString('hex')}`,
    object: 'invoice',
    customer: subscription.customer,
    status,
    currency: 'usd',
    amount_due: 4000,
    amount_paid: status === 'paid' ? 4000 : 0,
    billing_reason: 'subscription_cycle',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
    },
    lines: { object: 'list', data: [], has_more: false, url: '/v1/invoices/lines' },
    livemode: false,
  };
}

/**
 * The real billing service configured with the `stripe` provider (STRIPE_SECRET_KEY set), its SDK pointed at a local
 * Stripe-like API: checkout, signed webhooks (Stripe's own signing), the event queue, Postgres and the account-updates
 * queue, over HTTP as the gateway calls them.
 */
describe('the stripe provider, end to end against a Stripe-like API', () => {
  let api: FakeStripeApi;
  let billing: BillingTestApp;
  const member = randomUUID();
  let sessionId: string;
  let subscription: Json;

  const post = (payload: string, signature?: string) => {
    const test = call(billing, 'post', '/webhooks').set('Content-Type', 'application/json');
    return (signature === undefined ? test : test.set('X-Provider-Signature', signature)).send(payload);
  };
  const eventRow = async (providerEventId: string): Promise<{ id: string; processed_at: Date | null }[]> =>
    billing.dataSource.query(`SELECT id, processed_at FROM billing.provider_events WHERE provider_event_id = $1`, [
      providerEventId,
    ]);
  const processed = (providerEventId: string) =>
    eventually(
      () => eventRow(providerEventId),
      (rows) => rows.length === 1 && rows[0].processed_at !== null,
    );
  const account = async () =>
    billingAccountSchema.strict().parse((await call(billing, 'get', '/account', member).expect(200)).body);
  const memberJobs = async () => (await accountUpdateJobs(billing)).filter((job) => job.data.userId === member);
  const subscriptionRow = async (): Promise<{
    status: string;
    lapsed_at: Date | null;
    provider_updated_at: Date;
    cancel_at_period_end: boolean;
  }> =>
    (
      await billing.dataSource.query(
        `SELECT status, lapsed_at, provider_updated_at, cancel_at_period_end FROM billing.subscriptions WHERE provider_subscription_id = $1`,
        [subscription.id],
      )
    )[0];
  const periodEnd = () =>
    new Date((subscription.items as { data: { current_period_end: number }[] }).data[0].current_period_end * 1000);

  let stripe: Awaited<ReturnType<typeof startStripeBilling>>;
  beforeAll(async () => {
    stripe = await startStripeBilling(WEBHOOK_SECRET);
    ({ api, billing } = stripe);
  });
  afterAll(() => stripe?.stop());

  it('uses the stripe provider', async () => {
    expect(billing.config.PAYMENT_PROVIDER).toBe('stripe');
    expect((await account()).provider).toBe('stripe');
  });

  it("POST /subscriptions/checkout answers Stripe's checkout session, created in subscription mode for the member", async () => {
    const response = await call(billing, 'post', '/subscriptions/checkout', member)
      .send({ plan: 'monthly', email: 'member@example.com', origin: ORIGIN })
      .expect(200);
    const started = createSubscriptionResponseSchema.strict().parse(response.body);
    sessionId = started.sessionId!;
    const session = api.sessions.get(sessionId)!;
    expect(session).toBeDefined();
    expect(started).toEqual({ sessionId: session.id, url: session.url });
    expect(started.url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);

    const created = api.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/checkout/sessions',
    );
    expect(created).toHaveLength(1);
    expect(created[0].headers.authorization).toBe(`Bearer ${api.secretKey}`);
    expect(created[0].body).toEqual({
      mode: 'subscription',
      line_items: [{ price: TEST_PRICES.monthly, quantity: '1' }],
      customer_email: 'member@example.com',
      client_reference_id: member,
      metadata: { userId: member },
      subscription_data: { metadata: { userId: member } },
      success_url: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/cancel`,
    });
    const [row] = await billing.dataSource.query(
      `SELECT user_id, plan, status FROM billing.checkout_sessions WHERE id = $1`,
      [sessionId],
    );
    expect(row).toMatchObject({ user_id: member, plan: 'monthly', status: 'open' });
    // Nothing is recorded or published before the payment.
    expect((await account()).subscriptionStatus).toBe('inactive');
    expect(await memberJobs()).toHaveLength(0);
  });

  it('a signed checkout.session.completed activates the member and publishes the change once', async () => {
    subscription = api.completeCheckout(sessionId, { price: TEST_PRICES.monthly });
    expect(subscription.metadata).toEqual({ userId: member });
    const event = stripeEvent('checkout.session.completed', { ...api.sessions.get(sessionId)! });
    expect((await post(event.payload, event.signature).expect(200)).body).toEqual({ received: true });
    await processed(event.id);

    // The processor re-read the session (with its subscription) from the API rather than trusting the event.
    expect(
      api.requests.some((request) => request.method === 'GET' && request.path === `/v1/checkout/sessions/${sessionId}`),
    ).toBe(true);
    expect(await account()).toEqual({
      plan: 'monthly',
      subscriptionStatus: 'active',
      currentPeriodEnd: periodEnd().toISOString(),
      cancelAtPeriodEnd: false,
      accountDeletionDate: null,
      provider: 'stripe',
    });
    expect(periodEnd().getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    const [customer] = await billing.dataSource.query(
      `SELECT provider, provider_customer_id FROM billing.customers WHERE user_id = $1`,
      [member],
    );
    expect(customer).toEqual({ provider: 'stripe', provider_customer_id: subscription.customer });
    const [checkout] = await billing.dataSource.query(
      `SELECT status, subscription_id FROM billing.checkout_sessions WHERE id = $1`,
      [sessionId],
    );
    expect(checkout).toEqual({ status: 'complete', subscription_id: subscription.id });

    const jobs = await memberJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0].name).toBe(JOBS.applySubscriptionChange);
    expect(jobs[0].queueName).toBe(QUEUES.accountUpdates);
    const row = await subscriptionRow();
    expect(jobs[0].data).toEqual({
      version: 1,
      userId: member,
      subscriptionStatus: 'active',
      accountDeletionDate: null,
      changedAt: row.provider_updated_at.toISOString(),
    });
  });

  it('refuses a bad signature with 400 and stores nothing', async () => {
    const before = await eventRows(billing);
    const jobsBefore = (await accountUpdateJobs(billing)).length;
    const event = stripeEvent('invoice.paid', invoiceOf(subscription, 'paid'));
    await post(event.payload).expect(400, refused);
    await post(event.payload, 'garbage').expect(400, refused);
    // Signed with another endpoint's secret.
    await post(
      event.payload,
      Stripe.webhooks.generateTestHeaderString({
        payload: event.payload,
        secret: `whsec_${randomBytes(24).toString('hex')}`,
      }),
    ).expect(400, refused);
    // Signed too long ago (Stripe's tolerance is 5 minutes).
    await post(
      event.payload,
      Stripe.webhooks.generateTestHeaderString({
        payload: event.payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 600,
      }),
    ).expect(400, refused);
    // The body changed after signing.
    await post(event.payload.replace(subscription.id as string, 'sub_someone_else'), event.signature).expect(
      400,
      refused,
    );

    expect(await eventRow(event.id)).toHaveLength(0);
    expect(await eventRows(billing)).toEqual(before);
    expect((await accountUpdateJobs(billing)).length).toBe(jobsBefore);
  });

  it('a replayed event is answered and processed once', async () => {
    const event = stripeEvent('customer.subscription.updated', { ...subscription });
    await post(event.payload, event.signature).expect(200);
    await processed(event.id);
    const [first] = await eventRow(event.id);
    const reads = () =>
      api.requests.filter(
        (request) => request.method === 'GET' && request.path === `/v1/subscriptions/${subscription.id}`,
      ).length;
    const readsBefore = reads();
    const jobsBefore = (await memberJobs()).length;

    // Stripe's retry: the same body, signed again; and the very same delivery again.
    await post(
      event.payload,
      Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: WEBHOOK_SECRET }),
    ).expect(200, { received: true });
    await post(event.payload, event.signature).expect(200, { received: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await eventRow(event.id)).toEqual([first]);
    expect(reads()).toBe(readsBefore);
    expect((await memberJobs()).length).toBe(jobsBefore);
  });

  it('past_due with invoice.payment_failed sets the deletion date 90 days after the lapse; paid again, it is cleared', async () => {
    subscription.status = 'past_due';
    const sentAt = Date.now();
    const failed = stripeEvent('invoice.payment_failed', invoiceOf(subscription, 'open'));
    await post(failed.payload, failed.signature).expect(200);
    await processed(failed.id);
    const lapsedRow = await subscriptionRow();
    expect(lapsedRow.status).toBe('past_due');
    const lapsedAt = lapsedRow.lapsed_at!;
    expect(lapsedAt.getTime()).toBeGreaterThanOrEqual(sentAt);
    expect(lapsedAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await account()).subscriptionStatus).toBe('past_due');
    const pastDue = (await memberJobs()).at(-1)!;
    expect(pastDue.data).toEqual({
      version: 1,
      userId: member,
      subscriptionStatus: 'past_due',
      accountDeletionDate: new Date(lapsedAt.getTime() + 90 * DAY).toISOString(),
      changedAt: lapsedAt.toISOString(),
    });

    subscription.status = 'active';
    const paid = stripeEvent('invoice.paid', invoiceOf(subscription, 'paid'));
    await post(paid.payload, paid.signature).expect(200);
    await processed(paid.id);
    const activeRow = await subscriptionRow();
    expect(activeRow).toMatchObject({ status: 'active', lapsed_at: null });
    expect(await account()).toMatchObject({
      plan: 'monthly',
      subscriptionStatus: 'active',
      currentPeriodEnd: periodEnd().toISOString(),
      cancelAtPeriodEnd: false,
    });
    expect((await memberJobs()).at(-1)!.data).toEqual({
      version: 1,
      userId: member,
      subscriptionStatus: 'active',
      accountDeletionDate: null,
      changedAt: activeRow.provider_updated_at.toISOString(),
    });
  });

  it('POST /account/cancel cancels at period end at Stripe; the member stays active', async () => {
    const cancelled = billingAccountSchema
      .strict()
      .parse((await call(billing, 'post', '/account/cancel', member).expect(200)).body);
    const updates = api.requests.filter(
      (request) => request.method === 'POST' && request.path === `/v1/subscriptions/${subscription.id}`,
    );
    expect(updates).toHaveLength(1);
    expect(updates[0].body).toMatchObject({ cancel_at_period_end: 'true' });
    expect(cancelled).toEqual({
      plan: 'monthly',
      subscriptionStatus: 'active',
      currentPeriodEnd: periodEnd().toISOString(),
      cancelAtPeriodEnd: true,
      accountDeletionDate: new Date(periodEnd().getTime() + 90 * DAY).toISOString(),
      provider: 'stripe',
    });
    expect(await account()).toEqual(cancelled);
    expect((await subscriptionRow()).cancel_at_period_end).toBe(true);
    expect((await memberJobs()).at(-1)!.data).toMatchObject({
      subscriptionStatus: 'active',
      accountDeletionDate: new Date(periodEnd().getTime() + 90 * DAY).toISOString(),
    });
  });

  it('POST /account/resume undoes the cancellation at Stripe (cancel_at_period_end false): renewing, nothing to delete, audited', async () => {
    const requestsBefore = api.requests.length;
    const resumed = billingAccountSchema
      .strict()
      .parse((await call(billing, 'post', '/account/resume', member).expect(200)).body);
    const updates = api.requests
      .slice(requestsBefore)
      .filter((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${subscription.id}`);
    expect(updates).toHaveLength(1);
    expect(updates[0].body).toMatchObject({ cancel_at_period_end: 'false' });
    expect(subscription.cancel_at_period_end).toBe(false);
    expect(resumed).toEqual({
      plan: 'monthly',
      subscriptionStatus: 'active',
      currentPeriodEnd: periodEnd().toISOString(),
      cancelAtPeriodEnd: false,
      accountDeletionDate: null,
      provider: 'stripe',
    });
    expect((await subscriptionRow()).cancel_at_period_end).toBe(false);
    expect((await memberJobs()).at(-1)!.data).toMatchObject({
      subscriptionStatus: 'active',
      accountDeletionDate: null,
    });
    const audit = await billing.dataSource.query(
      `SELECT action, subject FROM billing.audit_log WHERE user_id = $1 ORDER BY id`,
      [member],
    );
    expect(audit).toEqual([
      { action: 'subscription_cancelled', subject: subscription.id },
      { action: 'subscription_resumed', subject: subscription.id },
    ]);

    // Nothing left to resume: refused before Stripe is asked.
    const requestsAfter = api.requests.length;
    await call(billing, 'post', '/account/resume', member).expect(409, {
      error: 'There is no cancelled subscription to resume',
      code: 'nothing_to_resume',
    });
    expect(api.requests.length).toBe(requestsAfter);
  });

  it('POST /account/resume of a subscription Stripe ended before its event arrived: 409, and the record catches up', async () => {
    const other = randomUUID();
    const ending = api.addSubscription({
      price: TEST_PRICES.monthly,
      userId: other,
      created: Math.floor(Date.now() / 1000),
      cancelAtPeriodEnd: true,
    });
    const updated = stripeEvent('customer.subscription.updated', { ...ending });
    await post(updated.payload, updated.signature).expect(200);
    await processed(updated.id);
    expect((await call(billing, 'get', '/account', other).expect(200)).body).toMatchObject({
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
    });

    ending.status = 'canceled';
    await call(billing, 'post', '/account/resume', other).expect(409, {
      error: 'There is no cancelled subscription to resume',
      code: 'nothing_to_resume',
    });
    expect((await call(billing, 'get', '/account', other).expect(200)).body.subscriptionStatus).toBe('canceled');
    expect(await billing.dataSource.query(`SELECT 1 FROM billing.audit_log WHERE user_id = $1`, [other])).toHaveLength(
      0,
    );
  });

  it("the TEST MODE checkout is the local provider's only: 404 with stripe", async () => {
    const requestsBefore = api.requests.length;
    await call(billing, 'get', `/test-checkout/${sessionId}`, member).expect(404);
    await call(billing, 'post', `/test-checkout/${sessionId}/pay`, member)
      .send({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })
      .expect(404);
    // The TEST MODE portal too.
    await call(billing, 'get', '/test-checkout/portal', member).expect(404);
    await call(billing, 'post', '/test-checkout/portal/card', member)
      .send({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })
      .expect(404);
    await call(billing, 'post', '/test-checkout/portal/resume', member).send({}).expect(404);
    expect(api.requests.length).toBe(requestsBefore);
    expect((await account()).subscriptionStatus).toBe('active');
  });
});
