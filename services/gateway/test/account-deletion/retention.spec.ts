import { accountDueAt, billingAccountSchema, daysUntilDeletion } from '@app/contracts';
import { distinctRecording, makeTestRecording } from '@app/testing';
import { AccountUpdates } from '../../../billing/src/subscriptions/account-updates';
import { type BillingTestApp, subscribe } from '../../../billing/test/billing-test-app';
import { createSession, filesUnder, storedRecording } from '../../../consent/test/consent-api';
import type { ConsentTestApp } from '../../../consent/test/consent-test-app';
import { AccountDeletionSchedule } from '../../src/account-deletion/account-deletion.schedule';
import { AccountUpdatesProcessor } from '../../src/billing/account-updates.processor';
import { http, registerOk } from '../api-helpers';
import type { GatewayTestApp } from '../gateway-test-app';
import { type DeletionStack, startDeletionStack } from './deletion-stack';

/**
 * The retention schedule enforced end to end, the gateway's job in front of the real consent and billing services:
 * billing dates the deletion from the lapse, the gateway keeps that date (the dashboard counts down to it), and one run
 * of the job deletes exactly what is due: nothing of an active or renewed member, the sessions of a member lapsed 30
 * days ago whose deleteAfterDays (10) have passed but not their 90-day ones, and the whole account of a member lapsed
 * 100 days ago. Every deletion is logged once, in the consent service (per session) and the gateway (per account),
 * also when the job runs twice or on two instances at once.
 */

let deletionStack: DeletionStack;
let consent: ConsentTestApp;
let billing: BillingTestApp;
let gateway: GatewayTestApp;
let video: Buffer;

beforeAll(async () => {
  deletionStack = await startDeletionStack();
  ({ consent, billing, gateway } = deletionStack);
  video = await makeTestRecording('webm');
}, 60_000);

afterAll(async () => {
  await deletionStack?.close();
});

type Standing = 'active' | 'renewed' | { lapsedDaysAgo: number };

interface Member {
  id: string;
  token: string;
  /** A session kept 10 days after a lapse, and one kept 90 days, each with a stored recording. */
  short: string;
  long: string;
}

/** Billing's state of the member as the provider's later events leave it, published to the gateway as billing does. */
async function publishStanding(userId: string, standing: Standing): Promise<void> {
  if (standing !== 'active') {
    const days = standing === 'renewed' ? 100 : standing.lapsedDaysAgo;
    await billing.dataSource.query(
      `UPDATE billing.subscriptions SET status = 'past_due', lapsed_at = now() - $2 * interval '1 day', provider_updated_at = provider_updated_at + interval '1 second' WHERE user_id = $1`,
      [userId, days],
    );
    await applyToGateway(userId);
  }
  if (standing === 'renewed') {
    await billing.dataSource.query(
      `UPDATE billing.subscriptions SET status = 'active', lapsed_at = NULL, provider_updated_at = provider_updated_at + interval '1 second' WHERE user_id = $1`,
      [userId],
    );
    await applyToGateway(userId);
  }
}

async function applyToGateway(userId: string): Promise<void> {
  const change = await billing.app.get(AccountUpdates).publish(userId);
  expect(await gateway.app.get(AccountUpdatesProcessor).apply(change!)).toBe('applied');
}

async function member(standing: Standing): Promise<Member> {
  const { user, token } = await registerOk(gateway);
  const id = String(user.id);
  await subscribe(billing, id);
  await applyToGateway(id);
  const sessions: string[] = [];
  for (const deleteAfterDays of [10, 90]) {
    const session = await createSession(consent, id, { initiatorFullName: 'Alex Doe', deleteAfterDays });
    await storedRecording(consent, session, distinctRecording(video));
    sessions.push(session.id);
  }
  await publishStanding(id, standing);
  return { id, token, short: sessions[0], long: sessions[1] };
}

async function count(dataSource: GatewayTestApp['dataSource'], sql: string, params: unknown[]): Promise<number> {
  const [row] = await dataSource.query(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return row.n;
}

/** What is left of a member, and how often each deletion was logged. */
async function holdings(member: Member) {
  const objects = await filesUnder(consent.storageDir);
  const session = async (id: string) => ({
    row: await count(consent.dataSource, `consent.consent_sessions WHERE id = $1`, [id]),
    object: objects.filter((file) => file.includes(id)).length,
    logged: await count(consent.dataSource, `consent.deletion_log WHERE session_id = $1`, [id]),
  });
  return {
    user: await count(gateway.dataSource, `identity.users WHERE id = $1`, [member.id]),
    accountLogged: await count(gateway.dataSource, `identity.deletion_log WHERE user_id = $1`, [member.id]),
    subscriptions: await count(billing.dataSource, `billing.subscriptions WHERE user_id = $1`, [member.id]),
    short: await session(member.short),
    long: await session(member.long),
  };
}

const KEPT = { row: 1, object: 1, logged: 0 };
const DELETED = { row: 0, object: 0, logged: 1 };
const EVERYTHING = { user: 1, accountLogged: 0, subscriptions: 1, short: KEPT, long: KEPT };
const SHORT_DELETED = { ...EVERYTHING, short: DELETED };
const NOTHING = { user: 0, accountLogged: 1, subscriptions: 0, short: DELETED, long: DELETED };

const run = (instance: GatewayTestApp = gateway) => instance.app.get(AccountDeletionSchedule).enforce();

describe('the retention job', () => {
  it('dates the deletion 90 days after the lapse, the date the dashboard counts down to, and clears it on renewal', async () => {
    const lapsed = await member({ lapsedDaysAgo: 30 });
    const renewed = await member('renewed');
    const [{ lapsed_at: lapsedAt }] = await billing.dataSource.query(
      `SELECT lapsed_at FROM billing.subscriptions WHERE user_id = $1`,
      [lapsed.id],
    );
    const [{ account_deletion_date: deletionDate }] = await gateway.dataSource.query(
      `SELECT account_deletion_date FROM identity.users WHERE id = $1`,
      [lapsed.id],
    );
    expect(deletionDate).toEqual(accountDueAt(lapsedAt));

    // The banner reads the billing account; the job reads the gateway's row: the same date.
    const account = billingAccountSchema.parse(
      (await http(gateway).get('/api/billing/account').set('Authorization', `Bearer ${lapsed.token}`).expect(200)).body,
    );
    expect(account.accountDeletionDate).toBe(deletionDate.toISOString());
    expect(daysUntilDeletion(account.accountDeletionDate)).toBe(60);

    const [renewedRow] = await gateway.dataSource.query(
      `SELECT subscription_status, account_deletion_date FROM identity.users WHERE id = $1`,
      [renewed.id],
    );
    expect(renewedRow).toEqual({ subscription_status: 'active', account_deletion_date: null });
  });

  it('deletes exactly what is due, each deletion logged once, and nothing more when run again', async () => {
    const active = await member('active');
    const renewed = await member('renewed');
    const recent = await member({ lapsedDaysAgo: 30 });
    const long = await member({ lapsedDaysAgo: 100 });
    for (const each of [active, renewed, recent, long]) expect(await holdings(each)).toEqual(EVERYTHING);

    await run();

    expect(await holdings(active)).toEqual(EVERYTHING);
    expect(await holdings(renewed)).toEqual(EVERYTHING);
    expect(await holdings(recent)).toEqual(SHORT_DELETED);
    expect(await holdings(long)).toEqual(NOTHING);
    const [logged] = await consent.dataSource.query(
      `SELECT reason, recording_objects, initiator_user_id FROM consent.deletion_log WHERE session_id = $1`,
      [recent.short],
    );
    expect(logged).toEqual({ reason: 'retention', recording_objects: 1, initiator_user_id: recent.id });
    const [account] = await gateway.dataSource.query(
      `SELECT reason, due_at < deleted_at AS "afterDue" FROM identity.deletion_log WHERE user_id = $1`,
      [long.id],
    );
    expect(account).toEqual({ reason: 'retention', afterDue: true });

    await run();

    expect(await holdings(active)).toEqual(EVERYTHING);
    expect(await holdings(renewed)).toEqual(EVERYTHING);
    expect(await holdings(recent)).toEqual(SHORT_DELETED);
    expect(await holdings(long)).toEqual(NOTHING);
  });

  it('deletes and logs each due record and account once when runs overlap on two instances', async () => {
    const second = await deletionStack.anotherGateway();
    try {
      const recent = await Promise.all([member({ lapsedDaysAgo: 30 }), member({ lapsedDaysAgo: 45 })]);
      const long = await Promise.all([member({ lapsedDaysAgo: 100 }), member({ lapsedDaysAgo: 91 })]);
      const active = await member('active');

      await Promise.all([run(), run(second), run(), run(second)]);

      for (const each of recent) expect(await holdings(each)).toEqual(SHORT_DELETED);
      for (const each of long) expect(await holdings(each)).toEqual(NOTHING);
      expect(await holdings(active)).toEqual(EVERYTHING);
    } finally {
      await second.close();
    }
  });
});
