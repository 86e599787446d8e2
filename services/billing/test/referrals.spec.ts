import { type ReferralProgress, referralProgressSchema } from '@app/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { ProcessBillingEventProcessor } from '../src/events/process-billing-event.processor';
import {
  allProcessed,
  BillingTestApp,
  call,
  CARDS,
  eventRows,
  eventually,
  pay,
  sendEvent,
  startBillingTestApp,
  startCheckout,
  subscribe,
} from './billing-test-app';
import type { FakeStripeApi } from './fake-stripe-api';
import { sendStripeEvent, startStripeBilling, TEST_PRICES } from './stripe-billing';

/** More of Stripe's succeeding test cards, each a card of its own. */
const AMEX = '3782 822463 10005';
const DISCOVER = '6011 1111 1111 1117';
const JCB = '3566 0020 2036 0505';

/** Referrals (spec section 9) over HTTP as the gateway calls them, paid through the local provider's test checkout. */
describe('referrals (local provider)', () => {
  let billing: BillingTestApp;

  beforeAll(async () => {
    billing = await startBillingTestApp();
  });
  afterAll(async () => {
    await billing?.close();
  });

  const progress = async (member: string): Promise<ReferralProgress> =>
    referralProgressSchema.strict().parse((await call(billing, 'get', '/referrals', member).expect(200)).body);
  const refer = async (member: string, code: string) =>
    (await call(billing, 'post', '/referrals', member).send({ code }).expect(200)).body;
  const referralRow = async (member: string) =>
    (
      await billing.dataSource.query(
        `SELECT referrer_user_id, status, refusal_reason, counted_at FROM billing.referrals WHERE referred_user_id = $1`,
        [member],
      )
    )[0];
  const localFreeForLife = async (subscriptionId: string): Promise<boolean> =>
    (
      await billing.dataSource.query(`SELECT free_for_life FROM billing.local_subscriptions WHERE id = $1`, [
        subscriptionId,
      ])
    )[0].free_for_life;
  const auditOf = (member: string): Promise<{ action: string; subject: string; details: Record<string, string> }[]> =>
    billing.dataSource.query(`SELECT action, subject, details FROM billing.audit_log WHERE user_id = $1 ORDER BY id`, [
      member,
    ]);
  /** Waits until every event received so far is processed. */
  const settled = async () =>
    eventually(
      () => eventRows(billing),
      (rows) => rows.every((row) => row.processed_at !== null),
    );

  /** A paying member and their code. */
  async function referrer(card = CARDS.ok): Promise<{ id: string; code: string; subscriptionId: string }> {
    const id = randomUUID();
    const { subscriptionId } = await subscribe(billing, id, 'monthly', card);
    return { id, code: (await progress(id)).code, subscriptionId };
  }

  it('gives each member a stable, url-safe code on first ask', async () => {
    const member = randomUUID();
    const first = await progress(member);
    expect(first).toEqual({ code: expect.stringMatching(/^[A-Z2-7]{10}$/), counted: 0, needed: 4, freeForLife: false });
    expect((await progress(member)).code).toBe(first.code);
    expect((await progress(randomUUID())).code).not.toBe(first.code);
    const rows = await billing.dataSource.query(`SELECT code FROM billing.referral_codes WHERE user_id = $1`, [member]);
    expect(rows).toEqual([{ code: first.code }]);
  });

  it('validates the request and needs a member', async () => {
    const member = randomUUID();
    for (const body of [{}, { code: '' }, { code: 'x'.repeat(33) }, { code: 42 }, { code: 'AB\u0000CD' }]) {
      expect((await call(billing, 'post', '/referrals', member).send(body).expect(400)).body.code).toBe(
        'validation_failed',
      );
    }
    await call(billing, 'post', '/referrals').send({ code: 'ABCDEFGHIJ' }).expect(401);
    await call(billing, 'get', '/referrals').expect(401);
    expect(await referralRow(member)).toBeUndefined();
  });

  it('counts a referred member once their first payment succeeds: not before, not again on renewal', async () => {
    const owner = await referrer();
    const friend = randomUUID();
    // The code as a link carries it, in any case.
    expect(await refer(friend, owner.code.toLowerCase())).toEqual({ status: 'pending' });
    expect(await referralRow(friend)).toEqual({
      referrer_user_id: owner.id,
      status: 'pending',
      refusal_reason: null,
      counted_at: null,
    });

    // A checkout started, and a declined card, are no payment.
    const { sessionId } = await startCheckout(billing, friend);
    await pay(billing, friend, sessionId, CARDS.declined).expect(402);
    expect((await progress(owner.id)).counted).toBe(0);

    await pay(billing, friend, sessionId, CARDS.mastercard).expect(200);
    await eventually(() => eventRows(billing), allProcessed((await eventRows(billing)).length));
    await eventually(
      () => referralRow(friend),
      (row) => row.status === 'counted',
    );
    expect(await progress(owner.id)).toMatchObject({ counted: 1, freeForLife: false });
    const counted = await referralRow(friend);
    expect(counted.counted_at).toEqual(expect.any(Date));

    // A renewal: the provider's subscription changes and its invoice is paid again.
    const [{ provider_subscription_id: subscriptionId }] = await billing.dataSource.query(
      `SELECT provider_subscription_id FROM billing.subscriptions WHERE user_id = $1`,
      [friend],
    );
    await billing.local.updateSubscription(subscriptionId, {
      currentPeriodEnd: new Date(Date.now() + 60 * 24 * 3600 * 1000),
    });
    const renewal = sendEvent(billing, 'invoice.paid', { subscriptionId, userId: friend });
    await renewal.send().expect(200);
    await renewal.send().expect(200);
    await settled();
    expect(await referralRow(friend)).toEqual(counted);
    expect((await progress(owner.id)).counted).toBe(1);
  });

  it('refuses, and records, a self-referral, an unknown code and a member who has paid already', async () => {
    const owner = await referrer();
    expect(await refer(owner.id, owner.code)).toEqual({ status: 'refused', reason: 'self_referral' });
    expect(await referralRow(owner.id)).toMatchObject({
      referrer_user_id: owner.id,
      status: 'refused',
      refusal_reason: 'self_referral',
    });

    const stranger = randomUUID();
    expect(await refer(stranger, 'NOSUCHCODE')).toEqual({ status: 'refused', reason: 'unknown_code' });
    expect(await referralRow(stranger)).toMatchObject({
      referrer_user_id: null,
      status: 'refused',
      refusal_reason: 'unknown_code',
    });

    const member = await referrer(CARDS.visaDebit);
    expect(await refer(member.id, owner.code)).toEqual({ status: 'refused', reason: 'already_subscribed' });
    expect(await referralRow(member.id)).toMatchObject({
      referrer_user_id: owner.id,
      status: 'refused',
      refusal_reason: 'already_subscribed',
    });
    expect((await progress(owner.id)).counted).toBe(0);
  });

  it('refuses a second referrer: the first referral stands', async () => {
    const first = await referrer();
    const second = await referrer(CARDS.visaDebit);
    const friend = randomUUID();
    expect(await refer(friend, first.code)).toEqual({ status: 'pending' });
    expect(await refer(friend, second.code)).toEqual({ status: 'refused', reason: 'already_referred' });
    expect(await refer(friend, first.code)).toEqual({ status: 'refused', reason: 'already_referred' });
    expect(await referralRow(friend)).toEqual({
      referrer_user_id: first.id,
      status: 'pending',
      refusal_reason: null,
      counted_at: null,
    });

    await subscribe(billing, friend, 'monthly', CARDS.mastercard);
    await eventually(
      () => progress(first.id),
      (p) => p.counted === 1,
    );
    expect((await progress(second.id)).counted).toBe(0);
  });

  it("refuses a referral paid with the referrer's own card", async () => {
    const owner = await referrer(CARDS.ok);
    const friend = randomUUID();
    expect(await refer(friend, owner.code)).toEqual({ status: 'pending' });
    await subscribe(billing, friend, 'monthly', CARDS.ok);
    await settled();
    expect(await referralRow(friend)).toMatchObject({
      referrer_user_id: owner.id,
      status: 'refused',
      refusal_reason: 'same_card',
      counted_at: null,
    });
    expect((await progress(owner.id)).counted).toBe(0);
    // The friend is still a paying member: only the referral does not count.
    expect((await call(billing, 'get', '/account', friend).expect(200)).body.subscriptionStatus).toBe('active');
  });

  it('four accounts paying first with one card count once, and not at all once the referrer pays with it', async () => {
    const owner = randomUUID();
    const code = (await progress(owner)).code;
    const friends = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const friend of friends) {
      expect(await refer(friend, code)).toEqual({ status: 'pending' });
      await subscribe(billing, friend, 'monthly', CARDS.visaDebit);
    }
    await settled();
    // One card between four accounts counts once.
    expect(await progress(owner)).toMatchObject({ counted: 1 });

    const grant = jest.spyOn(billing.provider, 'grantFreeForLife');
    await subscribe(billing, owner, 'monthly', CARDS.visaDebit);
    await settled();
    expect(await progress(owner)).toEqual({ code, counted: 0, needed: 4, freeForLife: false });
    expect(await referralRow(friends[0])).toMatchObject({
      status: 'refused',
      refusal_reason: 'same_card',
      counted_at: null,
    });
    for (const friend of friends.slice(1))
      expect(await referralRow(friend)).toMatchObject({
        status: 'refused',
        refusal_reason: 'shared_card',
        counted_at: null,
      });
    expect(grant).not.toHaveBeenCalled();
    grant.mockRestore();
    const [local] = await billing.dataSource.query(
      `SELECT free_for_life FROM billing.local_subscriptions WHERE user_id = $1`,
      [owner],
    );
    expect(local.free_for_life).toBe(false);
  });

  it("a counted referral stops counting when the referred member later pays with the referrer's card", async () => {
    const owner = await referrer(CARDS.ok);
    const friend = randomUUID();
    expect(await refer(friend, owner.code)).toEqual({ status: 'pending' });
    await subscribe(billing, friend, 'monthly', CARDS.mastercard);
    await settled();
    expect((await progress(owner.id)).counted).toBe(1);

    // The friend's card on file becomes the referrer's; the next renewal is paid with it.
    await call(billing, 'post', '/test-checkout/portal/card', friend)
      .send({ cardNumber: CARDS.ok, expiry: '12 / 34', cvc: '123' })
      .expect(200);
    const [{ id: subscriptionId }] = await billing.dataSource.query(
      `SELECT id FROM billing.local_subscriptions WHERE user_id = $1`,
      [friend],
    );
    await billing.local.updateSubscription(subscriptionId, {
      currentPeriodEnd: new Date(Date.now() + 60 * 24 * 3600 * 1000),
    });
    await sendEvent(billing, 'invoice.paid', { subscriptionId, userId: friend }).send().expect(200);
    await settled();
    expect(await referralRow(friend)).toMatchObject({
      status: 'refused',
      refusal_reason: 'same_card',
      counted_at: null,
    });
    expect((await progress(owner.id)).counted).toBe(0);
  });

  it('counts only referrals paid with a card no other counted referral of the same referrer paid with', async () => {
    const owner = await referrer(CARDS.ok);
    const grant = jest.spyOn(billing.provider, 'grantFreeForLife');
    const friends = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const friend of friends) expect(await refer(friend, owner.code)).toEqual({ status: 'pending' });
    // Four accounts, two cards: the first payment with each card counts, the second is refused.
    for (const [index, friend] of friends.entries())
      await subscribe(billing, friend, 'monthly', index % 2 ? CARDS.mastercard : CARDS.visaDebit);
    await settled();
    expect(await progress(owner.id)).toEqual({ code: owner.code, counted: 2, needed: 4, freeForLife: false });
    expect(await referralRow(friends[0])).toMatchObject({ status: 'counted' });
    expect(await referralRow(friends[1])).toMatchObject({ status: 'counted' });
    for (const friend of friends.slice(2))
      expect(await referralRow(friend)).toMatchObject({
        status: 'refused',
        refusal_reason: 'shared_card',
        counted_at: null,
      });
    expect(grant).not.toHaveBeenCalled();
    grant.mockRestore();
    // The same card counts for another referrer: the rule is about one referrer's referrals.
    const other = await referrer(AMEX);
    const stranger = randomUUID();
    expect(await refer(stranger, other.code)).toEqual({ status: 'pending' });
    await subscribe(billing, stranger, 'monthly', CARDS.visaDebit);
    await settled();
    expect((await progress(other.id)).counted).toBe(1);
  });

  it("a counted referral stops counting when its member later pays with another counted referral's card", async () => {
    const owner = await referrer(CARDS.ok);
    const [first, second] = [randomUUID(), randomUUID()];
    for (const [friend, card] of [
      [first, CARDS.mastercard],
      [second, AMEX],
    ]) {
      expect(await refer(friend, owner.code)).toEqual({ status: 'pending' });
      await subscribe(billing, friend, 'monthly', card);
    }
    await settled();
    expect((await progress(owner.id)).counted).toBe(2);

    // The second friend's card on file becomes the first friend's; the next renewal is paid with it.
    await call(billing, 'post', '/test-checkout/portal/card', second)
      .send({ cardNumber: CARDS.mastercard, expiry: '12 / 34', cvc: '123' })
      .expect(200);
    const [{ id: subscriptionId }] = await billing.dataSource.query(
      `SELECT id FROM billing.local_subscriptions WHERE user_id = $1`,
      [second],
    );
    await billing.local.updateSubscription(subscriptionId, {
      currentPeriodEnd: new Date(Date.now() + 60 * 24 * 3600 * 1000),
    });
    await sendEvent(billing, 'invoice.paid', { subscriptionId, userId: second }).send().expect(200);
    await settled();
    expect(await referralRow(second)).toMatchObject({
      status: 'refused',
      refusal_reason: 'shared_card',
      counted_at: null,
    });
    expect(await referralRow(first)).toMatchObject({ status: 'counted' });
    expect((await progress(owner.id)).counted).toBe(1);
  });

  it("makes the referrer's subscription free for life at 4, granted once even when the 4th and 5th pay at once", async () => {
    const owner = await referrer(CARDS.ok);
    const grant = jest.spyOn(billing.provider, 'grantFreeForLife');
    const friends = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const friend of friends) expect(await refer(friend, owner.code)).toEqual({ status: 'pending' });

    // Each pays with a card of their own: counted referrals use different cards between them.
    const cards = [CARDS.mastercard, AMEX, DISCOVER, CARDS.visaDebit, JCB];
    for (const [index, friend] of friends.slice(0, 3).entries())
      await subscribe(billing, friend, 'monthly', cards[index]);
    await settled();
    expect(await progress(owner.id)).toMatchObject({ counted: 3, freeForLife: false });
    expect(grant).not.toHaveBeenCalled();

    // The 4th and 5th pay together: their events are processed concurrently.
    const checkouts = await Promise.all(friends.slice(3).map((friend) => startCheckout(billing, friend)));
    await Promise.all(
      friends
        .slice(3)
        .map((friend, index) => pay(billing, friend, checkouts[index].sessionId, cards[3 + index]).expect(200)),
    );
    await eventually(
      () => progress(owner.id),
      (p) => p.counted === 5,
    );
    await settled();

    expect(await progress(owner.id)).toEqual({ code: owner.code, counted: 5, needed: 4, freeForLife: true });
    expect(grant).toHaveBeenCalledTimes(1);
    expect(grant).toHaveBeenCalledWith(owner.subscriptionId);
    const [reward] = await billing.dataSource.query(
      `SELECT provider_subscription_id, granted_at FROM billing.referral_rewards WHERE user_id = $1`,
      [owner.id],
    );
    expect(reward).toEqual({ provider_subscription_id: owner.subscriptionId, granted_at: expect.any(Date) });
    const [local] = await billing.dataSource.query(
      `SELECT free_for_life FROM billing.local_subscriptions WHERE id = $1`,
      [owner.subscriptionId],
    );
    expect(local.free_for_life).toBe(true);

    // Later events of the referrer's own subscription do not grant it again.
    const renewal = sendEvent(billing, 'invoice.paid', { subscriptionId: owner.subscriptionId, userId: owner.id });
    await renewal.send().expect(200);
    await settled();
    expect(grant).toHaveBeenCalledTimes(1);
    grant.mockRestore();
  });

  it("takes a granted reward back when the referrer pays with a referred member's card: below 4, no longer free", async () => {
    const owner = await referrer(CARDS.ok);
    const friends = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const cards = [CARDS.visaDebit, CARDS.mastercard, AMEX, DISCOVER];
    for (const [index, friend] of friends.entries()) {
      expect(await refer(friend, owner.code)).toEqual({ status: 'pending' });
      await subscribe(billing, friend, 'monthly', cards[index]);
    }
    await settled();
    expect(await progress(owner.id)).toMatchObject({ counted: 4, freeForLife: true });
    expect(await localFreeForLife(owner.subscriptionId)).toBe(true);

    // The referrer's card on file becomes the first friend's; the next event of their subscription carries it. The
    // provider fails the first revoke: the event's retry does it all again.
    const revoke = jest
      .spyOn(billing.provider, 'revokeFreeForLife')
      .mockRejectedValueOnce(new Error('provider unavailable'));
    await call(billing, 'post', '/test-checkout/portal/card', owner.id)
      .send({ cardNumber: CARDS.visaDebit, expiry: '12 / 34', cvc: '123' })
      .expect(200);
    await sendEvent(billing, 'customer.subscription.updated', {
      subscriptionId: owner.subscriptionId,
      userId: owner.id,
    })
      .send()
      .expect(200);
    await settled();
    expect(revoke.mock.calls).toEqual([[owner.subscriptionId], [owner.subscriptionId]]);

    expect(await referralRow(friends[0])).toMatchObject({
      status: 'refused',
      refusal_reason: 'same_card',
      counted_at: null,
    });
    expect(await progress(owner.id)).toEqual({ code: owner.code, counted: 3, needed: 4, freeForLife: false });
    expect(await localFreeForLife(owner.subscriptionId)).toBe(false);
    expect(
      await billing.dataSource.query(`SELECT 1 FROM billing.referral_rewards WHERE user_id = $1`, [owner.id]),
    ).toEqual([]);
    const revoked = [{ action: 'referral_reward_revoked', subject: owner.subscriptionId, details: { counted: '3' } }];
    expect(await auditOf(owner.id)).toEqual(revoked);

    // Later events of the subscription take nothing more.
    await sendEvent(billing, 'invoice.paid', { subscriptionId: owner.subscriptionId, userId: owner.id })
      .send()
      .expect(200);
    await settled();
    expect(await progress(owner.id)).toMatchObject({ counted: 3, freeForLife: false });
    expect(await auditOf(owner.id)).toEqual(revoked);
    expect(revoke).toHaveBeenCalledTimes(2);
    revoke.mockRestore();
  });
});

/** The reward taken back at Stripe: the subscription's discount deleted, once however often the event is processed. */
describe('referrals (stripe provider, against a Stripe-like API)', () => {
  const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('hex')}`;
  let api: FakeStripeApi;
  let billing: BillingTestApp;
  let stripe: Awaited<ReturnType<typeof startStripeBilling>>;
  beforeAll(async () => {
    stripe = await startStripeBilling(WEBHOOK_SECRET);
    ({ api, billing } = stripe);
  });
  afterAll(() => stripe?.stop());

  const progress = async (member: string): Promise<ReferralProgress> =>
    referralProgressSchema.strict().parse((await call(billing, 'get', '/referrals', member).expect(200)).body);
  const settled = () =>
    eventually(
      () => eventRows(billing),
      (rows) => rows.every((row) => row.processed_at !== null),
    );

  /** The member pays a Stripe checkout with a card of this fingerprint; answers their subscription as Stripe keeps it. */
  async function subscribeWithCard(member: string, fingerprint: string): Promise<Record<string, unknown>> {
    const { sessionId } = await startCheckout(billing, member);
    const subscription = api.completeCheckout(sessionId, {
      price: TEST_PRICES.monthly,
      defaultPaymentMethod: api.addCardPaymentMethod(fingerprint),
    });
    await sendStripeEvent(billing, WEBHOOK_SECRET, 'checkout.session.completed', { ...api.sessions.get(sessionId)! });
    await settled();
    return subscription;
  }

  it("deletes the subscription's discount once when a referral stops counting, even when the event is processed again", async () => {
    const owner = randomUUID();
    const { code } = await progress(owner);
    const subscription = await subscribeWithCard(owner, 'fp_owner');
    const friends = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const [index, friend] of friends.entries()) {
      await call(billing, 'post', '/referrals', friend).send({ code }).expect(200, { status: 'pending' });
      await subscribeWithCard(friend, `fp_friend_${index}`);
    }
    expect(await progress(owner)).toMatchObject({ counted: 4, freeForLife: true });
    expect(subscription.discounts).toHaveLength(1);

    // The referrer's default card becomes the first friend's (Stripe sends the subscription's update).
    subscription.default_payment_method = api.addCardPaymentMethod('fp_friend_0');
    const eventId = await sendStripeEvent(billing, WEBHOOK_SECRET, 'customer.subscription.updated', {
      ...subscription,
    });
    await settled();
    const deletes = () =>
      api.requests.filter(
        (request) =>
          request.method === 'DELETE' && request.path === `/v1/subscriptions/${String(subscription.id)}/discount`,
      );
    expect(deletes()).toHaveLength(1);
    expect(subscription.discounts).toEqual([]);
    expect(await progress(owner)).toEqual({ code, counted: 3, needed: 4, freeForLife: false });
    const audit = () =>
      billing.dataSource.query(`SELECT action, subject, details FROM billing.audit_log WHERE user_id = $1`, [owner]);
    expect(await audit()).toEqual([
      { action: 'referral_reward_revoked', subject: subscription.id, details: { counted: '3' } },
    ]);

    // The same event processed again (a retry after the work was done, before it was marked processed).
    const [{ id }] = await billing.dataSource.query(
      `UPDATE billing.provider_events SET processed_at = NULL WHERE provider_event_id = $1 RETURNING id`,
      [eventId],
    );
    await billing.app.get(ProcessBillingEventProcessor).process({ version: 1, eventId: id });
    expect(deletes()).toHaveLength(1);
    expect(await progress(owner)).toMatchObject({ counted: 3, freeForLife: false });
    expect(await audit()).toHaveLength(1);
  });
});
