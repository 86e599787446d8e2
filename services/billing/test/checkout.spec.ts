import {
  billingAccountSchema,
  createSubscriptionResponseSchema,
  testCheckoutSchema,
  verifyPaymentResponseSchema,
} from '@app/contracts';
import { JOBS } from '@app/queue';
import { randomUUID } from 'node:crypto';
import {
  accountUpdateJobs,
  allProcessed,
  BillingTestApp,
  call,
  CARDS,
  eventRows,
  eventually,
  ORIGIN,
  pay,
  startBillingTestApp,
  startCheckout,
} from './billing-test-app';

const DAY = 24 * 3600 * 1000;

/** create-subscription, the local provider's TEST MODE checkout and verify-payment, over HTTP as the gateway calls them. */
describe('checkout (local provider)', () => {
  let billing: BillingTestApp;

  beforeAll(async () => {
    billing = await startBillingTestApp();
  });
  afterAll(async () => {
    await billing?.close();
  });

  it('refuses calls without the service credential, and member calls without a member', async () => {
    await call(billing, 'post', '/subscriptions/checkout', randomUUID())
      .set('X-Internal-Token', 'wrong')
      .send({})
      .expect(401, { error: 'Missing or invalid service credential', code: 'service_credential' });
    await call(billing, 'get', '/account').expect(401, { error: 'Not signed in', code: 'unauthenticated' });
    await call(billing, 'get', '/healthz').expect(200);
  });

  it('validates the checkout request', async () => {
    const member = randomUUID();
    const bad = [
      { plan: 'weekly', email: 'a@example.com', origin: ORIGIN },
      { plan: 'monthly', email: 'nope', origin: ORIGIN },
      { plan: 'monthly', email: 'a@example.com', origin: 'javascript:alert(1)' },
      { plan: 'monthly', email: 'a@example.com', origin: `${ORIGIN}/path` },
    ];
    for (const body of bad) {
      const response = await call(billing, 'post', '/subscriptions/checkout', member).send(body).expect(400);
      expect(response.body.code).toBe('validation_failed');
    }
  });

  it('starts a checkout, pays it with 4242, records the events once, activates the member and publishes the change once', async () => {
    const member = randomUUID();
    const before = Date.now();
    const started = await call(billing, 'post', '/subscriptions/checkout', member)
      .send({ plan: 'monthly', email: 'member@example.com', origin: ORIGIN })
      .expect(200);
    const parsed = createSubscriptionResponseSchema.strict().parse(started.body);
    const sessionId = parsed.sessionId!;
    const url = parsed.url;
    expect(sessionId).toMatch(/^cs_local_/);
    expect(url).toBe(`${ORIGIN}/checkout/test/${sessionId}`);
    expect(started.body.status).toBeUndefined();

    const page = await call(billing, 'get', `/test-checkout/${sessionId}`, member).expect(200);
    expect(testCheckoutSchema.strict().parse(page.body)).toEqual({
      sessionId,
      plan: 'monthly',
      amountCents: 4000,
      currency: 'usd',
      interval: 'month',
      status: 'open',
    });
    // Another member's checkout is the unknown checkout's.
    await call(billing, 'get', `/test-checkout/${sessionId}`, randomUUID()).expect(404, {
      error: 'No payment session found',
      code: 'checkout_not_found',
    });
    await pay(billing, randomUUID(), sessionId).expect(404);

    const paid = await pay(billing, member, sessionId).expect(200);
    expect(paid.body).toEqual({ redirectUrl: `/success?session_id=${sessionId}` });

    const events = await eventually(() => eventRows(billing), allProcessed(3));
    expect(events.map((event) => event.type).sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);

    const account = billingAccountSchema
      .strict()
      .parse((await call(billing, 'get', '/account', member).expect(200)).body);
    expect(account).toMatchObject({
      plan: 'monthly',
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: false,
      provider: 'local',
    });
    const periodEnd = new Date(account.currentPeriodEnd!).getTime();
    expect(periodEnd).toBeGreaterThan(before + 27 * DAY);
    expect(periodEnd).toBeLessThan(Date.now() + 32 * DAY);

    const [customer] = await billing.dataSource.query(
      `SELECT provider, provider_customer_id FROM billing.customers WHERE user_id = $1`,
      [member],
    );
    expect(customer).toMatchObject({ provider: 'local', provider_customer_id: expect.stringMatching(/^cus_local_/) });
    const [checkout] = await billing.dataSource.query(
      `SELECT status, completed_at, subscription_id FROM billing.checkout_sessions WHERE id = $1`,
      [sessionId],
    );
    expect(checkout).toMatchObject({
      status: 'complete',
      completed_at: expect.any(Date),
      subscription_id: expect.stringMatching(/^sub_local_/),
    });

    const jobs = await accountUpdateJobs(billing);
    const mine = jobs.filter((job) => job.data.userId === member);
    expect(mine).toHaveLength(1);
    expect(mine[0].name).toBe(JOBS.applySubscriptionChange);
    expect(mine[0].data).toEqual({
      version: 1,
      userId: member,
      subscriptionStatus: 'active',
      accountDeletionDate: null,
      changedAt: expect.any(String),
    });
    const [subscription] = await billing.dataSource.query(
      `SELECT provider_updated_at FROM billing.subscriptions WHERE user_id = $1`,
      [member],
    );
    expect(mine[0].data.changedAt).toBe(subscription.provider_updated_at.toISOString());
    expect(mine[0].id).toBe(`${member}.${subscription.provider_updated_at.getTime()}`);
    // The job payloads carry no personal data: no e-mail anywhere on the queue.
    expect(JSON.stringify(jobs.map((job) => job.data))).not.toContain('@');

    // Verifying and paying again change nothing and publish nothing more.
    expect(
      (await call(billing, 'post', '/subscriptions/verify', member).send({ session_id: sessionId }).expect(200)).body,
    ).toEqual({ subscriptionStatus: 'active' });
    expect((await pay(billing, member, sessionId).expect(200)).body).toEqual({
      redirectUrl: `/success?session_id=${sessionId}`,
    });
    expect((await eventRows(billing)).length).toBe(3);
    expect((await accountUpdateJobs(billing)).filter((job) => job.data.userId === member)).toHaveLength(1);

    // An active member choosing a plan is told so.
    const again = await call(billing, 'post', '/subscriptions/checkout', member)
      .send({ plan: 'annual', email: 'member@example.com', origin: ORIGIN })
      .expect(200);
    expect(again.body).toEqual({ status: 'active' });
  });

  it('declines 4000 0000 0000 0002 with the provider message and any other number as incorrect; nothing changes', async () => {
    const member = randomUUID();
    const { sessionId } = await startCheckout(billing, member, 'annual');
    const eventsBefore = (await eventRows(billing)).length;
    await pay(billing, member, sessionId, CARDS.declined).expect(402, {
      error: 'Your card was declined.',
      code: 'card_declined',
    });
    await pay(billing, member, sessionId, CARDS.wrong).expect(402, {
      error: 'Your card number is incorrect.',
      code: 'card_declined',
    });
    const incomplete = await pay(billing, member, sessionId, '4242').expect(400);
    expect(incomplete.body).toEqual({ error: 'Your card number is incomplete.', code: 'validation_failed' });

    expect((await call(billing, 'get', `/test-checkout/${sessionId}`, member).expect(200)).body.status).toBe('open');
    expect((await eventRows(billing)).length).toBe(eventsBefore);
    expect(
      await billing.dataSource.query(`SELECT 1 FROM billing.local_subscriptions WHERE user_id = $1`, [member]),
    ).toHaveLength(0);
    expect((await call(billing, 'get', '/account', member).expect(200)).body).toEqual({
      plan: null,
      subscriptionStatus: 'inactive',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      accountDeletionDate: null,
      provider: 'local',
    });
    expect(
      (await call(billing, 'post', '/subscriptions/verify', member).send({ session_id: sessionId }).expect(200)).body,
    ).toEqual({ subscriptionStatus: 'inactive' });
    expect((await accountUpdateJobs(billing)).filter((job) => job.data.userId === member)).toHaveLength(0);
  });

  it('verify-payment records a paid checkout itself, by session_id or the latest, before any event is processed', async () => {
    const member = randomUUID();
    const { sessionId } = await startCheckout(billing, member);
    // Paid at the provider, but no event has come in yet.
    const desk = billing.provider.testCheckout;
    expect(sessionId).toEqual(expect.any(String));
    const paid = await desk.pay(sessionId, member, { cardNumber: CARDS.ok, expiry: '12/34', cvc: '123' });
    expect(paid?.deliveries).toHaveLength(3);
    expect(
      await billing.dataSource.query(`SELECT 1 FROM billing.subscriptions WHERE user_id = $1`, [member]),
    ).toHaveLength(0);

    const verified = await call(billing, 'post', '/subscriptions/verify', member).send({}).expect(200);
    expect(verifyPaymentResponseSchema.strict().parse(verified.body)).toEqual({ subscriptionStatus: 'active' });
    expect((await call(billing, 'get', '/account', member).expect(200)).body.subscriptionStatus).toBe('active');
    expect(
      (await call(billing, 'post', '/subscriptions/verify', member).send({ session_id: sessionId }).expect(200)).body,
    ).toEqual({ subscriptionStatus: 'active' });
    const jobs = (await accountUpdateJobs(billing)).filter((job) => job.data.userId === member);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].data.subscriptionStatus).toBe('active');
  });

  it("verify-payment answers 404 for an unknown checkout or another member's", async () => {
    const member = randomUUID();
    const { sessionId } = await startCheckout(billing, member);
    await call(billing, 'post', '/subscriptions/verify', randomUUID())
      .send({ session_id: sessionId })
      .expect(404, { error: 'No payment session found', code: 'checkout_not_found' });
    await call(billing, 'post', '/subscriptions/verify', member).send({ session_id: 'cs_local_nope' }).expect(404);
    // An open checkout is not paid yet.
    expect(
      (await call(billing, 'post', '/subscriptions/verify', member).send({ session_id: sessionId }).expect(200)).body,
    ).toEqual({ subscriptionStatus: 'inactive' });
    // A member without any checkout.
    expect((await call(billing, 'post', '/subscriptions/verify', randomUUID()).send({}).expect(200)).body).toEqual({
      subscriptionStatus: 'inactive',
    });
  });

  it('verify-payment refuses a session_id that cannot be a checkout id (NUL, slashes) with 400 validation_failed', async () => {
    const member = randomUUID();
    for (const session_id of ['cs_local_\u0000', '\u0000', '../account']) {
      const response = await call(billing, 'post', '/subscriptions/verify', member).send({ session_id }).expect(400);
      expect(response.body).toEqual({ error: 'session_id is not a payment session id', code: 'validation_failed' });
    }
  });

  it('the portal is the TEST MODE portal page with the local provider; 409 for a member who never paid', async () => {
    const member = randomUUID();
    await call(billing, 'post', '/account/portal', member)
      .send({ returnUrl: `${ORIGIN}/profile` })
      .expect(409, { error: 'There is no subscription to change', code: 'no_subscription' });
    const { sessionId } = await startCheckout(billing, member);
    await pay(billing, member, sessionId).expect(200);
    await eventually(
      () => call(billing, 'get', '/account', member),
      (response) => response.body.subscriptionStatus === 'active',
    );
    expect(
      (
        await call(billing, 'post', '/account/portal', member)
          .send({ returnUrl: `${ORIGIN}/profile` })
          .expect(200)
      ).body,
    ).toEqual({ url: '/checkout/test/portal' });
    await call(billing, 'post', '/account/portal', member).send({ returnUrl: 'javascript:alert(1)' }).expect(400);
  });
});
