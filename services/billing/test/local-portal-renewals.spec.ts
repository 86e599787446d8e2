import { billingAccountSchema, testPortalSchema } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { LocalRenewals } from '../src/events/local-renewals';
import { LOCAL_PORTAL_PATH } from '../src/providers/local/local-payment-provider';
import { TEST_CARDS } from '../src/providers/local/local-plans';
import {
  accountUpdateJobs,
  BillingTestApp,
  call,
  CARDS,
  eventRows,
  eventually,
  startBillingTestApp,
  subscribe,
} from './billing-test-app';

const DAY = 24 * 3600 * 1000;
const plus90 = (date: Date) => new Date(date.getTime() + 90 * DAY).toISOString();

/** The local provider's TEST MODE customer portal and its renewal pass (period ends, charges, lapses, ends). */
describe('local provider: portal and renewals', () => {
  let billing: BillingTestApp;

  beforeAll(async () => {
    // The periodic pass stays out of the way: the tests run it themselves.
    billing = await startBillingTestApp({ LOCAL_RENEWAL_INTERVAL_MS: String(3600_000) });
  });
  afterAll(async () => {
    await billing?.close();
  });

  const account = async (member: string) =>
    billingAccountSchema.strict().parse((await call(billing, 'get', '/account', member).expect(200)).body);
  const portal = async (member: string) =>
    testPortalSchema.strict().parse((await call(billing, 'get', '/test-checkout/portal', member).expect(200)).body);
  const localRow = async (id: string) =>
    (
      await billing.dataSource.query(
        `SELECT status, current_period_end, cancel_at_period_end, updated_at FROM billing.local_subscriptions WHERE id = $1`,
        [id],
      )
    )[0];
  const subscriptionRow = async (id: string) =>
    (
      await billing.dataSource.query(
        `SELECT status, lapsed_at, current_period_end FROM billing.subscriptions WHERE provider_subscription_id = $1`,
        [id],
      )
    )[0];
  const memberEvents = async (subscriptionId: string) =>
    (await eventRows(billing)).filter(
      (row) => (row.payload as { data: { subscriptionId: string | null } }).data.subscriptionId === subscriptionId,
    );
  const allDone = async () =>
    eventually(
      () => eventRows(billing),
      (rows) => rows.every((row) => row.processed_at !== null),
    );
  const latestJob = async (member: string) =>
    (await accountUpdateJobs(billing)).filter((job) => job.data.userId === member).at(-1)!;
  /** Moves the period's end into the past (as if it had passed), then runs the renewal pass. */
  const endPeriod = async (subscriptionId: string, at = new Date(Date.now() - 60_000)) => {
    await billing.dataSource.query(`UPDATE billing.local_subscriptions SET current_period_end = $2 WHERE id = $1`, [
      subscriptionId,
      at,
    ]);
    return at;
  };
  const renew = async () => {
    await billing.app.get(LocalRenewals).run();
    await allDone();
  };
  const putDecliningCardOnFile = (subscriptionId: string) =>
    billing.dataSource.query(
      `UPDATE billing.local_subscriptions SET card_fingerprint = $2, card_last4 = '0002' WHERE id = $1`,
      [subscriptionId, billing.provider.cardFingerprint(TEST_CARDS.declined)],
    );

  it("'Manage billing' goes to the TEST MODE portal, which shows the subscription and the card on file", async () => {
    const member = randomUUID();
    await subscribe(billing, member, 'annual');
    expect(LOCAL_PORTAL_PATH).toBe('/checkout/test/portal');
    expect(
      (
        await call(billing, 'post', '/account/portal', member)
          .send({ returnUrl: 'https://app.example.com/profile' })
          .expect(200)
      ).body,
    ).toEqual({ url: '/checkout/test/portal' });
    const shown = await portal(member);
    expect(shown).toEqual({
      plan: 'annual',
      status: 'active',
      currentPeriodEnd: (await account(member)).currentPeriodEnd,
      cancelAtPeriodEnd: false,
      cardLast4: '4242',
    });
    await call(billing, 'get', '/test-checkout/portal', randomUUID()).expect(409, {
      error: 'There is no subscription to change',
      code: 'no_subscription',
    });
  });

  it('renewal with 4242 extends the period by one (invoice.paid, customer.subscription.updated)', async () => {
    const member = randomUUID();
    const { subscriptionId } = await subscribe(billing, member);
    const ended = await endPeriod(subscriptionId);
    await renew();
    const row = await localRow(subscriptionId);
    const expected = new Date(ended);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(row.status).toBe('active');
    expect(row.current_period_end.toISOString()).toBe(expected.toISOString());
    expect((await memberEvents(subscriptionId)).map((event) => event.type).slice(-2)).toEqual([
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    expect((await account(member)).currentPeriodEnd).toBe(expected.toISOString());
    expect((await account(member)).subscriptionStatus).toBe('active');

    // Idempotent: no longer due, so a second pass changes nothing.
    const eventsBefore = (await eventRows(billing)).length;
    await renew();
    expect((await eventRows(billing)).length).toBe(eventsBefore);
    expect((await localRow(subscriptionId)).current_period_end.toISOString()).toBe(expected.toISOString());
  });

  it('renewal with the declining card leaves it past_due with the deletion date; a new card in the portal pays it: active, date cleared', async () => {
    const member = randomUUID();
    const { subscriptionId } = await subscribe(billing, member);
    await putDecliningCardOnFile(subscriptionId);
    await endPeriod(subscriptionId);
    await renew();
    const lapsed = await localRow(subscriptionId);
    expect(lapsed.status).toBe('past_due');
    expect((await memberEvents(subscriptionId)).map((event) => event.type).slice(-2)).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    expect((await account(member)).subscriptionStatus).toBe('past_due');
    expect((await subscriptionRow(subscriptionId)).lapsed_at.toISOString()).toBe(lapsed.updated_at.toISOString());
    expect((await latestJob(member)).data).toMatchObject({
      subscriptionStatus: 'past_due',
      accountDeletionDate: plus90(lapsed.updated_at),
    });
    // A past_due subscription is not charged again by the pass.
    const eventsBefore = (await eventRows(billing)).length;
    await renew();
    expect((await eventRows(billing)).length).toBe(eventsBefore);

    // The declining card again: refused, nothing changes.
    await call(billing, 'post', '/test-checkout/portal/card', member)
      .send({ cardNumber: CARDS.declined, expiry: '12 / 34', cvc: '123' })
      .expect(402, { error: 'Your card was declined.', code: 'card_declined' });
    await call(billing, 'post', '/test-checkout/portal/card', member)
      .send({ cardNumber: CARDS.wrong, expiry: '12 / 34', cvc: '123' })
      .expect(402);
    expect((await portal(member)).status).toBe('past_due');

    const fixed = testPortalSchema.parse(
      (
        await call(billing, 'post', '/test-checkout/portal/card', member)
          .send({ cardNumber: CARDS.mastercard, expiry: '12 / 34', cvc: '123' })
          .expect(200)
      ).body,
    );
    expect(fixed).toMatchObject({ status: 'active', cardLast4: '4444', cancelAtPeriodEnd: false });
    expect(new Date(fixed.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
    await allDone();
    expect((await memberEvents(subscriptionId)).map((event) => event.type).slice(-2)).toEqual([
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    expect((await account(member)).subscriptionStatus).toBe('active');
    expect((await subscriptionRow(subscriptionId)).lapsed_at).toBeNull();
    expect((await latestJob(member)).data).toMatchObject({ subscriptionStatus: 'active', accountDeletionDate: null });
  });

  it('a new card on an active subscription replaces the card on file, with no event', async () => {
    const member = randomUUID();
    const { subscriptionId } = await subscribe(billing, member);
    const eventsBefore = (await memberEvents(subscriptionId)).length;
    const changed = testPortalSchema.parse(
      (
        await call(billing, 'post', '/test-checkout/portal/card', member)
          .send({ cardNumber: CARDS.visaDebit, expiry: '12 / 34', cvc: '123' })
          .expect(200)
      ).body,
    );
    expect(changed).toMatchObject({ status: 'active', cardLast4: '5556' });
    expect((await memberEvents(subscriptionId)).length).toBe(eventsBefore);
    await call(billing, 'post', '/test-checkout/portal/card', member)
      .send({ cardNumber: '4242', expiry: '12 / 34', cvc: '123' })
      .expect(400);
  });

  it('a subscription cancelled at period end ends then: canceled, deletion date = period end + 90 days', async () => {
    const member = randomUUID();
    const { subscriptionId } = await subscribe(billing, member);
    await call(billing, 'post', '/account/cancel', member).expect(200);
    const ended = await endPeriod(subscriptionId);
    await renew();
    expect((await localRow(subscriptionId)).status).toBe('canceled');
    expect((await memberEvents(subscriptionId)).map((event) => event.type).at(-1)).toBe(
      'customer.subscription.deleted',
    );
    expect((await account(member)).subscriptionStatus).toBe('canceled');
    expect((await latestJob(member)).data).toMatchObject({
      subscriptionStatus: 'canceled',
      accountDeletionDate: plus90(ended),
    });
    // Nothing to resume any more.
    expect(
      testPortalSchema.parse(
        (await call(billing, 'post', '/test-checkout/portal/resume', member).send({}).expect(200)).body,
      ).status,
    ).toBe('canceled');
  });

  it('resume in the portal undoes the cancel at period end (customer.subscription.updated): the next period end renews', async () => {
    const member = randomUUID();
    const { subscriptionId } = await subscribe(billing, member);
    await call(billing, 'post', '/account/cancel', member).expect(200);
    expect((await portal(member)).cancelAtPeriodEnd).toBe(true);
    const resumed = testPortalSchema.parse(
      (await call(billing, 'post', '/test-checkout/portal/resume', member).send({}).expect(200)).body,
    );
    expect(resumed.cancelAtPeriodEnd).toBe(false);
    await allDone();
    expect((await memberEvents(subscriptionId)).map((event) => event.type).at(-1)).toBe(
      'customer.subscription.updated',
    );
    expect((await account(member)).cancelAtPeriodEnd).toBe(false);
    expect((await latestJob(member)).data).toMatchObject({ subscriptionStatus: 'active', accountDeletionDate: null });

    await endPeriod(subscriptionId);
    await renew();
    expect((await localRow(subscriptionId)).status).toBe('active');
  });

  it('two passes at once handle a due subscription once (SKIP LOCKED)', async () => {
    const member = randomUUID();
    const { subscriptionId } = await subscribe(billing, member);
    const ended = await endPeriod(subscriptionId);
    const [a, b] = await Promise.all([billing.provider.renewDue(), billing.provider.renewDue()]);
    expect(a.handled + b.handled).toBe(1);
    for (const delivery of [...a.deliveries, ...b.deliveries]) {
      await call(billing, 'post', '/webhooks')
        .set('Content-Type', 'application/json')
        .set('X-Provider-Signature', delivery.signature)
        .send(delivery.rawBody.toString())
        .expect(200);
    }
    await allDone();
    const expected = new Date(ended);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect((await localRow(subscriptionId)).current_period_end.toISOString()).toBe(expected.toISOString());
  });
});
