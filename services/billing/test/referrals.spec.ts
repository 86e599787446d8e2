import { referralProgressSchema, type ReferralProgress } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { allProcessed, BillingTestApp, call, CARDS, eventRows, eventually, pay, sendEvent, startBillingTestApp, startCheckout, subscribe } from './billing-test-app';

/** Referrals (spec section 9) over HTTP as the gateway calls them, paid through the local provider's test checkout. */
describe('referrals (local provider)', () => {
  let billing: BillingTestApp;

  beforeAll(async () => {
    billing = await startBillingTestApp();
  });
  afterAll(async () => {
    await billing?.close();
  });

  const progress = async (member: string): Promise<ReferralProgress> => referralProgressSchema.strict().parse((await call(billing, 'get', '/referrals', member).expect(200)).body);
  const refer = async (member: string, code: string) => (await call(billing, 'post', '/referrals', member).send({ code }).expect(200)).body;
  const referralRow = async (member: string) =>
    (await billing.dataSource.query(`SELECT referrer_user_id, status, refusal_reason, counted_at FROM billing.referrals WHERE referred_user_id = $1`, [member]))[0];
  /** Waits until every event received so far is processed. */
  const settled = async () => eventually(() => eventRows(billing), (rows) => rows.every((row) => row.processed_at !== null));

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
      expect((await call(billing, 'post', '/referrals', member).send(body).expect(400)).body.code).toBe('validation_failed');
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
    expect(await referralRow(friend)).toEqual({ referrer_user_id: owner.id, status: 'pending', refusal_reason: null, counted_at: null });

    // A checkout started, and a declined card, are no payment.
    const { sessionId } = await startCheckout(billing, friend);
    await pay(billing, friend, sessionId, CARDS.declined).expect(402);
    expect((await progress(owner.id)).counted).toBe(0);

    await pay(billing, friend, sessionId, CARDS.mastercard).expect(200);
    await eventually(() => eventRows(billing), allProcessed((await eventRows(billing)).length));
    await eventually(() => referralRow(friend), (row) => row.status === 'counted');
    expect(await progress(owner.id)).toMatchObject({ counted: 1, freeForLife: false });
    const counted = await referralRow(friend);
    expect(counted.counted_at).toEqual(expect.any(Date));

    // A renewal: the provider's subscription changes and its invoice is paid again.
    const [{ provider_subscription_id: subscriptionId }] = await billing.dataSource.query(`SELECT provider_subscription_id FROM billing.subscriptions WHERE user_id = $1`, [friend]);
    await billing.local.updateSubscription(subscriptionId, { currentPeriodEnd: new Date(Date.now() + 60 * 24 * 3600 * 1000) });
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
    expect(await referralRow(owner.id)).toMatchObject({ referrer_user_id: owner.id, status: 'refused', refusal_reason: 'self_referral' });

    const stranger = randomUUID();
    expect(await refer(stranger, 'NOSUCHCODE')).toEqual({ status: 'refused', reason: 'unknown_code' });
    expect(await referralRow(stranger)).toMatchObject({ referrer_user_id: null, status: 'refused', refusal_reason: 'unknown_code' });

    const member = await referrer(CARDS.visaDebit);
    expect(await refer(member.id, owner.code)).toEqual({ status: 'refused', reason: 'already_subscribed' });
    expect(await referralRow(member.id)).toMatchObject({ referrer_user_id: owner.id, status: 'refused', refusal_reason: 'already_subscribed' });
    expect((await progress(owner.id)).counted).toBe(0);
  });

  it('refuses a second referrer: the first referral stands', async () => {
    const first = await referrer();
    const second = await referrer(CARDS.visaDebit);
    const friend = randomUUID();
    expect(await refer(friend, first.code)).toEqual({ status: 'pending' });
    expect(await refer(friend, second.code)).toEqual({ status: 'refused', reason: 'already_referred' });
    expect(await refer(friend, first.code)).toEqual({ status: 'refused', reason: 'already_referred' });
    expect(await referralRow(friend)).toEqual({ referrer_user_id: first.id, status: 'pending', refusal_reason: null, counted_at: null });

    await subscribe(billing, friend, 'monthly', CARDS.mastercard);
    await eventually(() => progress(first.id), (p) => p.counted === 1);
    expect((await progress(second.id)).counted).toBe(0);
  });

  it("refuses a referral paid with the referrer's own card", async () => {
    const owner = await referrer(CARDS.ok);
    const friend = randomUUID();
    expect(await refer(friend, owner.code)).toEqual({ status: 'pending' });
    await subscribe(billing, friend, 'monthly', CARDS.ok);
    await settled();
    expect(await referralRow(friend)).toMatchObject({ referrer_user_id: owner.id, status: 'refused', refusal_reason: 'same_card', counted_at: null });
    expect((await progress(owner.id)).counted).toBe(0);
    // The friend is still a paying member: only the referral does not count.
    expect((await call(billing, 'get', '/account', friend).expect(200)).body.subscriptionStatus).toBe('active');
  });

  it("makes the referrer's subscription free for life at 4, granted once even when the 4th and 5th pay at once", async () => {
    const owner = await referrer(CARDS.ok);
    const grant = jest.spyOn(billing.provider, 'grantFreeForLife');
    const friends = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const friend of friends) expect(await refer(friend, owner.code)).toEqual({ status: 'pending' });

    for (const friend of friends.slice(0, 3)) await subscribe(billing, friend, 'monthly', CARDS.mastercard);
    await settled();
    expect(await progress(owner.id)).toMatchObject({ counted: 3, freeForLife: false });
    expect(grant).not.toHaveBeenCalled();

    // The 4th and 5th pay together: their events are processed concurrently.
    const checkouts = await Promise.all(friends.slice(3).map((friend) => startCheckout(billing, friend)));
    await Promise.all(friends.slice(3).map((friend, index) => pay(billing, friend, checkouts[index].sessionId, CARDS.visaDebit).expect(200)));
    await eventually(() => progress(owner.id), (p) => p.counted === 5);
    await settled();

    expect(await progress(owner.id)).toEqual({ code: owner.code, counted: 5, needed: 4, freeForLife: true });
    expect(grant).toHaveBeenCalledTimes(1);
    expect(grant).toHaveBeenCalledWith(owner.subscriptionId);
    const [reward] = await billing.dataSource.query(`SELECT provider_subscription_id, granted_at FROM billing.referral_rewards WHERE user_id = $1`, [owner.id]);
    expect(reward).toEqual({ provider_subscription_id: owner.subscriptionId, granted_at: expect.any(Date) });
    const [local] = await billing.dataSource.query(`SELECT free_for_life FROM billing.local_subscriptions WHERE id = $1`, [owner.subscriptionId]);
    expect(local.free_for_life).toBe(true);

    // Later events of the referrer's own subscription do not grant it again.
    const renewal = sendEvent(billing, 'invoice.paid', { subscriptionId: owner.subscriptionId, userId: owner.id });
    await renewal.send().expect(200);
    await settled();
    expect(grant).toHaveBeenCalledTimes(1);
    grant.mockRestore();
  });
});
