import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { RecordSubscription } from '../src/checkouts/record-subscription';
import { type BillingTestApp, eventRows, sendEvent, startBillingTestApp, subscribe } from './billing-test-app';

/**
 * DELETE /members/:userId, the billing service's part of an account's deletion: the member's customers,
 * subscriptions, checkouts and the local provider's records go; their provider events keep only their ids (so a
 * replay is still recognised) and nothing is recorded for the member again. Idempotent; other members untouched.
 */

let billing: BillingTestApp;

beforeAll(async () => {
  billing = await startBillingTestApp();
});

afterAll(async () => {
  await billing.close();
});

function deleteMember(userId: string, token = billing.internalToken) {
  return request(billing.baseUrl).delete(`/members/${userId}`).set('X-Internal-Token', token);
}

const TABLES = [
  'customers',
  'subscriptions',
  'checkout_sessions',
  'payment_cards',
  'audit_log',
  'local_customers',
  'local_subscriptions',
  'local_checkouts',
];

async function rowsOf(userId: string): Promise<Record<string, number>> {
  const counts = await Promise.all(
    TABLES.map(async (table) => {
      const [row] = await billing.dataSource.query(
        `SELECT count(*)::int AS n FROM billing.${table} WHERE user_id = $1`,
        [userId],
      );
      return [table, row.n as number] as const;
    }),
  );
  return Object.fromEntries(counts);
}

const NOTHING = Object.fromEntries(TABLES.map((table) => [table, 0]));

describe('DELETE /members/:userId', () => {
  it("deletes the member's billing rows, strips their events to ids, and leaves other members alone", async () => {
    const member = randomUUID();
    const other = randomUUID();
    const { subscriptionId } = await subscribe(billing, member);
    await subscribe(billing, other);
    // An audited change of the member's own (a cancellation).
    await request(billing.baseUrl)
      .post('/account/cancel')
      .set('X-Internal-Token', billing.internalToken)
      .set('X-Actor-User-Id', member)
      .expect(200);
    expect(await rowsOf(member)).toEqual(Object.fromEntries(TABLES.map((table) => [table, 1])));
    const otherBefore = await rowsOf(other);
    const eventsBefore = (await eventRows(billing)).length;

    await deleteMember(member).expect(204);

    expect(await rowsOf(member)).toEqual(NOTHING);
    expect(await rowsOf(other)).toEqual(otherBefore);
    const events = await billing.dataSource.query(
      `SELECT provider_event_id, user_id, subscription_id, customer_id, checkout_id, payload, processed_at FROM billing.provider_events`,
    );
    expect(events).toHaveLength(eventsBefore);
    expect(events.filter((event: { user_id: string | null }) => event.user_id === member)).toEqual([]);
    expect(
      events.filter((event: { subscription_id: string | null }) => event.subscription_id === subscriptionId),
    ).toEqual([]);
    const stripped = events.filter((event: { user_id: string | null }) => event.user_id === null);
    expect(stripped.length).toBeGreaterThanOrEqual(3);
    for (const event of stripped)
      expect(event).toMatchObject({
        payload: {},
        customer_id: null,
        checkout_id: null,
        processed_at: expect.any(Date),
      });
  });

  it('answers 204 again, and for a member it never knew', async () => {
    const member = randomUUID();
    await subscribe(billing, member);
    await deleteMember(member).expect(204);
    await deleteMember(member).expect(204);
    await deleteMember(randomUUID()).expect(204);
    expect(await rowsOf(member)).toEqual(NOTHING);
  });

  it('records nothing for a deleted member again: a replayed event, a late subscription change', async () => {
    const member = randomUUID();
    const { subscriptionId } = await subscribe(billing, member);
    const [{ provider_event_id: replayed, type }] = await billing.dataSource.query(
      `SELECT provider_event_id, type FROM billing.provider_events WHERE user_id = $1 AND type = 'customer.subscription.created'`,
      [member],
    );
    await deleteMember(member).expect(204);

    const replay = sendEvent(billing, type, { subscriptionId, userId: member }, { id: replayed });
    await replay.send().expect(200);
    const late = await billing.app.get(RecordSubscription).subscription({
      subscriptionId,
      customerId: 'cus_local_gone',
      userId: member,
      plan: 'monthly',
      status: 'canceled',
      currentPeriodEnd: new Date(),
      cancelAtPeriodEnd: false,
      cardFingerprint: null,
      updatedAt: new Date(Date.now() + 60_000),
    });
    expect(late).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await rowsOf(member)).toEqual(NOTHING);
  });

  it('takes only the gateway credential and a uuid', async () => {
    await deleteMember(randomUUID(), 'wrong').expect(401);
    const malformed = await deleteMember('42');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'validation_failed' });
  });
});
