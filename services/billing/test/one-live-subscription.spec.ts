import { billingAccountSchema } from '@app/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { LocalRenewals } from '../src/events/local-renewals';
import { TEST_CARDS } from '../src/providers/local/local-plans';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../src/providers/payment-provider';
import {
  BillingTestApp,
  call,
  CARDS,
  eventRows,
  eventually,
  ORIGIN,
  pay,
  startBillingTestApp,
  startCheckout,
  subscribe,
} from './billing-test-app';
import { FakeStripeApi } from './fake-stripe-api';
import { sendStripeEvent, startStripeBilling, TEST_PRICES } from './stripe-billing';

type Json = Record<string, unknown>;
const PAST_DUE = {
  error: 'Your last payment failed: pay it or change your card in Manage billing',
  code: 'subscription_past_due',
};

let openedBehindTheServicesBack = 1000;

/**
 * A checkout opened the way it could be before one live subscription per member was enforced (or by a race the rule
 * must survive): at the provider and recorded as the member's, without asking the billing service.
 */
async function openCheckoutBehindTheServicesBack(
  billing: BillingTestApp,
  userId: string,
  plan: 'monthly' | 'annual',
): Promise<string> {
  const provider: PaymentProvider = billing.app.get(PAYMENT_PROVIDER);
  const { checkoutId } = await provider.createCheckout({
    userId,
    email: 'member@example.com',
    plan,
    customerId: null,
    // Each one a request of its own (Stripe's idempotency would answer an earlier one).
    checkoutsBefore: (openedBehindTheServicesBack += 1),
    successUrl: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${ORIGIN}/cancel`,
  });
  await billing.dataSource.query(`INSERT INTO billing.checkout_sessions (id, user_id, plan) VALUES ($1, $2, $3)`, [
    checkoutId,
    userId,
    plan,
  ]);
  return checkoutId;
}

const auditOf = (
  billing: BillingTestApp,
  userId: string,
): Promise<{ action: string; subject: string; details: Json }[]> =>
  billing.dataSource.query(`SELECT action, subject, details FROM billing.audit_log WHERE user_id = $1 ORDER BY id`, [
    userId,
  ]);
const account = async (billing: BillingTestApp, userId: string) =>
  billingAccountSchema.parse((await call(billing, 'get', '/account', userId).expect(200)).body);
const settled = (billing: BillingTestApp) =>
  eventually(
    () => eventRows(billing),
    (rows) => rows.every((row) => row.processed_at !== null),
  );

describe('one live subscription per member (local provider)', () => {
  let billing: BillingTestApp;

  beforeAll(async () => {
    billing = await startBillingTestApp({ LOCAL_RENEWAL_INTERVAL_MS: String(3600_000) });
  });
  afterAll(async () => {
    await billing?.close();
  });

  const localCheckoutStatus = async (id: string) =>
    (await billing.dataSource.query(`SELECT status FROM billing.local_checkouts WHERE id = $1`, [id]))[0].status;

  it('a past_due member is sent to the portal (409 subscription_past_due) instead of getting a second subscription', async () => {
    const member = randomUUID();
    const { subscriptionId } = await subscribe(billing, member);
    await billing.dataSource.query(
      `UPDATE billing.local_subscriptions SET card_fingerprint = $2, current_period_end = now() - interval '1 minute' WHERE id = $1`,
      [subscriptionId, billing.provider.cardFingerprint(TEST_CARDS.declined)],
    );
    await billing.app.get(LocalRenewals).run();
    await settled(billing);
    expect((await account(billing, member)).subscriptionStatus).toBe('past_due');

    for (const plan of ['monthly', 'annual']) {
      await call(billing, 'post', '/subscriptions/checkout', member)
        .send({ plan, email: 'member@example.com', origin: ORIGIN })
        .expect(409, PAST_DUE);
    }
    expect(
      await billing.dataSource.query(`SELECT 1 FROM billing.local_checkouts WHERE user_id = $1`, [member]),
    ).toHaveLength(1);
    // The portal is where the member pays it.
    expect(
      (
        await call(billing, 'post', '/account/portal', member)
          .send({ returnUrl: `${ORIGIN}/profile` })
          .expect(200)
      ).body,
    ).toEqual({ url: '/checkout/test/portal' });
  });

  it('keeps one open checkout per member: the same plan again is the same checkout, another plan expires the first', async () => {
    const member = randomUUID();
    const first = await startCheckout(billing, member, 'monthly');
    expect(await startCheckout(billing, member, 'monthly')).toEqual(first);

    const second = await startCheckout(billing, member, 'annual');
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(await localCheckoutStatus(first.sessionId)).toBe('expired');
    const [row] = await billing.dataSource.query(`SELECT status FROM billing.checkout_sessions WHERE id = $1`, [
      first.sessionId,
    ]);
    expect(row.status).toBe('expired');
    // The first can no longer be paid; the second can.
    await pay(billing, member, first.sessionId).expect(404);
    await pay(billing, member, second.sessionId).expect(200);
    await settled(billing);
    expect(await account(billing, member)).toMatchObject({ subscriptionStatus: 'active', plan: 'annual' });
    expect(await auditOf(billing, member)).toEqual([
      { action: 'checkout_expired', subject: first.sessionId, details: { reason: 'replaced' } },
    ]);
  });

  it('two checkouts started at once leave one open', async () => {
    const member = randomUUID();
    const started = await Promise.all([
      startCheckout(billing, member, 'monthly'),
      startCheckout(billing, member, 'annual'),
    ]);
    const open = await billing.dataSource.query(
      `SELECT id FROM billing.local_checkouts WHERE user_id = $1 AND status = 'open'`,
      [member],
    );
    expect(open).toHaveLength(1);
    expect(started.map((checkout) => checkout.sessionId)).toContain(open[0].id);
  });

  it("a checkout that completes expires the member's other open checkouts", async () => {
    const member = randomUUID();
    const { sessionId } = await startCheckout(billing, member, 'monthly');
    const other = await openCheckoutBehindTheServicesBack(billing, member, 'annual');
    await pay(billing, member, sessionId).expect(200);
    await settled(billing);
    expect(await localCheckoutStatus(other)).toBe('expired');
    await pay(billing, member, other).expect(404);
    expect(await auditOf(billing, member)).toEqual([
      { action: 'checkout_expired', subject: other, details: { reason: 'subscribed' } },
    ]);
  });

  it('a second checkout paid all the same is refunded and ended, audited; the first subscription stays and the member is active', async () => {
    const member = randomUUID();
    const first = await openCheckoutBehindTheServicesBack(billing, member, 'monthly');
    const second = await openCheckoutBehindTheServicesBack(billing, member, 'annual');
    // Both paid before any event was processed: the events are handed over afterwards, the second's first.
    const desk = billing.provider.testCheckout;
    const card = { cardNumber: CARDS.ok, expiry: '12 / 34', cvc: '123' };
    const paidFirst = (await desk.pay(first, member, card))!;
    const paidSecond = (await desk.pay(second, member, { ...card, cardNumber: CARDS.mastercard }))!;
    for (const delivery of [...paidFirst.deliveries, ...paidSecond.deliveries]) {
      await call(billing, 'post', '/webhooks')
        .set('Content-Type', 'application/json')
        .set('X-Provider-Signature', delivery.signature)
        .send(delivery.rawBody.toString())
        .expect(200);
    }
    await settled(billing);

    const subscriptions: { id: string; status: string; refunded_at: Date | null }[] = await billing.dataSource.query(
      `SELECT s.id, s.status, s.refunded_at FROM billing.local_subscriptions s JOIN billing.local_checkouts c ON c.subscription_id = s.id WHERE c.id = ANY($1) ORDER BY c.id = $2 DESC`,
      [[first, second], first],
    );
    const [kept, duplicate] = subscriptions;
    expect(kept).toMatchObject({ status: 'active', refunded_at: null });
    expect(duplicate).toMatchObject({ status: 'canceled', refunded_at: expect.any(Date) });
    expect(await account(billing, member)).toMatchObject({ subscriptionStatus: 'active', plan: 'monthly' });
    const live = await billing.dataSource.query(
      `SELECT provider_subscription_id FROM billing.subscriptions WHERE user_id = $1 AND status = 'active'`,
      [member],
    );
    expect(live).toEqual([{ provider_subscription_id: kept.id }]);
    expect((await auditOf(billing, member)).filter((entry) => entry.action === 'duplicate_refunded')).toEqual([
      { action: 'duplicate_refunded', subject: duplicate.id, details: { kept: kept.id } },
    ]);
  });
});

describe('one live subscription per member (stripe provider, against a Stripe-like API)', () => {
  const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('hex')}`;
  let api: FakeStripeApi;
  let billing: BillingTestApp;

  let stripe: Awaited<ReturnType<typeof startStripeBilling>>;
  beforeAll(async () => {
    stripe = await startStripeBilling(WEBHOOK_SECRET);
    ({ api, billing } = stripe);
  });
  afterAll(() => stripe?.stop());

  /** Sends Stripe's signed `checkout.session.completed` for the session, as paid by `completeCheckout`. */
  async function completed(sessionId: string): Promise<void> {
    await sendStripeEvent(billing, WEBHOOK_SECRET, 'checkout.session.completed', { ...api.sessions.get(sessionId)! });
    await settled(billing);
  }
  const created = () =>
    api.requests.filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions');

  it('a past_due member gets 409 subscription_past_due and no new Stripe session', async () => {
    const member = randomUUID();
    const { sessionId } = await startCheckout(billing, member);
    const subscription = api.completeCheckout(sessionId, { price: TEST_PRICES.monthly });
    await completed(sessionId);
    subscription.status = 'past_due';
    await completed(sessionId);
    expect((await account(billing, member)).subscriptionStatus).toBe('past_due');

    const before = created().length;
    await call(billing, 'post', '/subscriptions/checkout', member)
      .send({ plan: 'annual', email: 'member@example.com', origin: ORIGIN })
      .expect(409, PAST_DUE);
    expect(created().length).toBe(before);
  });

  it('the same plan again answers the open Stripe session; another plan expires it at Stripe first', async () => {
    const member = randomUUID();
    const first = await startCheckout(billing, member, 'monthly');
    const before = created().length;
    expect(await startCheckout(billing, member, 'monthly')).toEqual(first);
    expect(created().length).toBe(before);

    const second = await startCheckout(billing, member, 'annual');
    expect(
      api.requests.some(
        (request) => request.method === 'POST' && request.path === `/v1/checkout/sessions/${first.sessionId}/expire`,
      ),
    ).toBe(true);
    expect(api.sessions.get(first.sessionId)!.status).toBe('expired');
    expect(api.sessions.get(second.sessionId)!.status).toBe('open');

    // Monthly again: a new session, not Stripe's replay of the expired one.
    const third = await startCheckout(billing, member, 'monthly');
    expect(third.sessionId).not.toBe(first.sessionId);
    expect(api.sessions.get(third.sessionId)!.status).toBe('open');
    expect(api.sessions.get(second.sessionId)!.status).toBe('expired');
  });

  it('a second paid session is refunded at Stripe as a duplicate and cancelled, audited; the first stays', async () => {
    const member = randomUUID();
    const first = await openCheckoutBehindTheServicesBack(billing, member, 'monthly');
    const second = await openCheckoutBehindTheServicesBack(billing, member, 'annual');
    const kept = api.completeCheckout(first, { price: TEST_PRICES.monthly });
    api.payInvoice(kept);
    const duplicate = api.completeCheckout(second, { price: TEST_PRICES.annual });
    const paymentIntent = api.payInvoice(duplicate);
    await completed(first);
    await completed(second);

    expect(api.refunds).toEqual([expect.objectContaining({ payment_intent: paymentIntent, reason: 'duplicate' })]);
    expect(duplicate.status).toBe('canceled');
    expect(kept.status).toBe('active');
    expect(await account(billing, member)).toMatchObject({ subscriptionStatus: 'active', plan: 'monthly' });
    const rows = await billing.dataSource.query(
      `SELECT provider_subscription_id, status FROM billing.subscriptions WHERE user_id = $1 ORDER BY created_at`,
      [member],
    );
    expect(rows).toEqual([
      { provider_subscription_id: kept.id, status: 'active' },
      { provider_subscription_id: duplicate.id, status: 'canceled' },
    ]);
    expect((await auditOf(billing, member)).filter((entry) => entry.action === 'duplicate_refunded')).toEqual([
      { action: 'duplicate_refunded', subject: duplicate.id, details: { kept: kept.id } },
    ]);

    // The duplicate's own later events change nothing more.
    await completed(second);
    expect(api.refunds).toHaveLength(1);
  });

  it("a completed session expires the member's other open session at Stripe", async () => {
    const member = randomUUID();
    const other = await openCheckoutBehindTheServicesBack(billing, member, 'annual');
    const { sessionId } = await startCheckout(billing, member, 'monthly');
    // `other` was expired as replaced (another plan); one more opened behind the service's back is expired on payment.
    const again = await openCheckoutBehindTheServicesBack(billing, member, 'annual');
    api.completeCheckout(sessionId, { price: TEST_PRICES.monthly });
    await completed(sessionId);
    expect(api.sessions.get(other)!.status).toBe('expired');
    expect(api.sessions.get(again)!.status).toBe('expired');
    expect((await auditOf(billing, member)).map((entry) => [entry.subject, entry.details.reason])).toEqual([
      [other, 'replaced'],
      [again, 'subscribed'],
    ]);
  });
});
