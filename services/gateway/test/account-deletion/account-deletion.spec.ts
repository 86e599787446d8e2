import { createQueue, JOB_CONTRACTS, JOBS, QUEUES, queueWiringFromUrl } from '@app/queue';
import { distinctRecording, makeTestRecording } from '@app/testing';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type BillingTestApp, subscribe } from '../../../billing/test/billing-test-app';
import { filesUnder } from '../../../consent/test/consent-api';
import type { ConsentTestApp } from '../../../consent/test/consent-test-app';
import { DeleteDueAccounts } from '../../src/account-deletion/delete-due-accounts';
import { http, login, register, registerOk } from '../api-helpers';
import { type ConsentStack, createSession, submitDecision, uploadRecording } from '../consent/consent-stack';
import type { GatewayTestApp } from '../gateway-test-app';
import { type DeletionStack, startDeletionStack } from './deletion-stack';

/**
 * The scheduled account deletion, with the gateway in front of the real consent and billing services (each on its
 * own database, as in production): exactly the due accounts go, with their consent sessions, recordings (rows and
 * objects), verdicts, texts, billing rows, profile picture and sign-ins; running it twice, or on two instances at
 * once, is harmless; a run that a service fails leaves the account due for the next run; the deleted member's token
 * is refused at once and their e-mail can register again.
 */

let deletionStack: DeletionStack;
let consent: ConsentTestApp;
let billing: BillingTestApp;
let gateway: GatewayTestApp;
let stack: ConsentStack;
let video: Buffer;

beforeAll(async () => {
  deletionStack = await startDeletionStack();
  ({ consent, billing, gateway } = deletionStack);
  stack = { gateway, consent, gatewayPort: 0, close: async () => undefined };
  video = await makeTestRecording('webm');
}, 60_000);

afterAll(async () => {
  await deletionStack?.close();
});

interface Account {
  id: string;
  token: string;
  username: string;
  password: string;
  pictureKey: string;
  sessionIds: string[];
}

/**
 * A member as they are after a while: signed in, a profile picture, two consent sessions (one with a stored recording
 * the partner declined: an asset and its object, a verdict, a text, audit rows), a paid subscription, and the given
 * deletion date.
 */
async function account(deletionDate: 'due' | 'future' | null): Promise<Account> {
  const { user, token, username, password } = await registerOk(gateway);
  const id = String(user.id);
  await gateway.dataSource.query(
    `UPDATE identity.users SET subscription_status = 'active', phone_verified_at = now() WHERE id = $1`,
    [id],
  );
  const member = { id, token };
  const answered = await createSession(stack, member);
  const assetId = await uploadRecording(stack, answered, distinctRecording(video));
  expect((await submitDecision(stack, answered, assetId, 'no')).status).toBe(202);
  const open = await createSession(stack, member);
  await subscribe(billing, id);
  const date =
    deletionDate === 'due'
      ? `now() - interval '1 day'`
      : deletionDate === 'future'
        ? `now() + interval '1 day'`
        : 'NULL';
  await gateway.dataSource.query(
    `UPDATE identity.users SET subscription_status = 'canceled', account_deletion_date = ${date} WHERE id = $1`,
    [id],
  );
  const [{ profile_picture_key: pictureKey }] = await gateway.dataSource.query(
    `SELECT profile_picture_key FROM identity.users WHERE id = $1`,
    [id],
  );
  expect(pictureKey).toEqual(expect.any(String));
  return { id, token, username, password, pictureKey, sessionIds: [answered.id, open.id] };
}

async function count(dataSource: GatewayTestApp['dataSource'], sql: string, params: unknown[]): Promise<number> {
  const [row] = await dataSource.query(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return row.n;
}

/** Everything an account owns, in all three services, as counts. */
async function holdings(account: Account) {
  const sessions = [account.sessionIds];
  return {
    user: await count(gateway.dataSource, `identity.users WHERE id = $1`, [account.id]),
    signIns: await count(gateway.dataSource, `identity.auth_sessions WHERE user_id = $1`, [account.id]),
    picture: existsSync(join(gateway.storageDir, 'profile-pictures', account.pictureKey)) ? 1 : 0,
    sessions: await count(consent.dataSource, `consent.consent_sessions WHERE id = ANY($1::uuid[])`, sessions),
    assets: await count(consent.dataSource, `consent.video_assets WHERE session_id = ANY($1::uuid[])`, sessions),
    verdicts: await count(consent.dataSource, `consent.verdicts WHERE session_id = ANY($1::uuid[])`, sessions),
    texts: await count(consent.dataSource, `consent.text_messages WHERE session_id = ANY($1::uuid[])`, sessions),
    auditRows: Math.min(
      1,
      await count(consent.dataSource, `consent.audit_log WHERE session_id = ANY($1::uuid[])`, sessions),
    ),
    recordingObjects: (await filesUnder(consent.storageDir)).filter((file) =>
      account.sessionIds.some((id) => file.includes(id)),
    ).length,
    customers: await count(billing.dataSource, `billing.customers WHERE user_id = $1`, [account.id]),
    subscriptions: await count(billing.dataSource, `billing.subscriptions WHERE user_id = $1`, [account.id]),
    checkouts: await count(billing.dataSource, `billing.checkout_sessions WHERE user_id = $1`, [account.id]),
  };
}

const EVERYTHING = {
  user: 1,
  signIns: 1,
  picture: 1,
  sessions: 2,
  assets: 1,
  verdicts: 1,
  texts: 2,
  auditRows: 1,
  recordingObjects: 1,
  customers: 1,
  subscriptions: 1,
  checkouts: 1,
};
const NOTHING = Object.fromEntries(Object.keys(EVERYTHING).map((key) => [key, 0]));

describe('delete-due-accounts', () => {
  it('deletes exactly the due accounts with everything they own, in every service', async () => {
    const due = await account('due');
    const future = await account('future');
    const never = await account(null);
    for (const each of [due, future, never]) expect(await holdings(each)).toEqual(EVERYTHING);

    const pass = await gateway.app.get(DeleteDueAccounts).run();

    expect(pass).toEqual({ deleted: 1, skipped: 0, failed: 0 });
    expect(await holdings(due)).toEqual(NOTHING);
    expect(await holdings(future)).toEqual(EVERYTHING);
    expect(await holdings(never)).toEqual(EVERYTHING);
  });

  it("refuses the deleted member's token and password at once, and frees their e-mail", async () => {
    const due = await account('due');
    const kept = await account('future');
    // Past its deletion date the account is refused already, before the job reaches it.
    await http(gateway).get('/api/auth/me').set('Authorization', `Bearer ${due.token}`).expect(401);
    expect((await login(gateway, due.username, due.password)).status).toBe(401);

    await gateway.app.get(DeleteDueAccounts).run();

    await http(gateway).get('/api/auth/me').set('Authorization', `Bearer ${due.token}`).expect(401);
    await http(gateway)
      .post('/api/consent/sessions')
      .set('Authorization', `Bearer ${due.token}`)
      .send({ deleteAfterDays: 90 })
      .expect(401);
    await http(gateway)
      .get(`/api/consent/sessions/${due.sessionIds[0]}`)
      .set('Authorization', `Bearer ${due.token}`)
      .expect(404);
    expect((await login(gateway, due.username, due.password)).status).toBe(401);
    await http(gateway).get('/api/auth/me').set('Authorization', `Bearer ${kept.token}`).expect(200);
    expect((await register(gateway, { username: due.username })).status).toBe(201);
  });

  it('is harmless run twice, and run at once by two gateway instances', async () => {
    const first = await account('due');
    await gateway.app.get(DeleteDueAccounts).run();
    expect(await gateway.app.get(DeleteDueAccounts).run()).toEqual({ deleted: 0, skipped: 0, failed: 0 });
    expect(await holdings(first)).toEqual(NOTHING);

    const second = await deletionStack.anotherGateway();
    try {
      const due = await Promise.all([account('due'), account('due'), account('due'), account('due')]);
      const kept = await account('future');
      const passes = await Promise.all([
        gateway.app.get(DeleteDueAccounts).run(),
        second.app.get(DeleteDueAccounts).run(),
        gateway.app.get(DeleteDueAccounts).run(),
      ]);
      expect(passes.map((pass) => pass.failed)).toEqual([0, 0, 0]);
      expect(passes.reduce((sum, pass) => sum + pass.deleted, 0)).toBe(4);
      for (const each of due) expect(await holdings(each)).toEqual(NOTHING);
      expect(await holdings(kept)).toEqual(EVERYTHING);
    } finally {
      await second.close();
    }
  });

  it('leaves an account due when a service fails, with its sign-ins ended, and deletes it on the next run', async () => {
    const unreachable = await deletionStack.anotherGateway({ BILLING_SERVICE_URL: 'http://127.0.0.1:9' });
    try {
      const due = await account('due');
      expect(await unreachable.app.get(DeleteDueAccounts).run()).toEqual({ deleted: 0, skipped: 0, failed: 1 });
      // The consent service's part is done, billing's is not, and the account is still there to be retried.
      expect(await holdings(due)).toMatchObject({
        user: 1,
        picture: 1,
        sessions: 0,
        recordingObjects: 0,
        customers: 1,
        subscriptions: 1,
      });
      await http(gateway).get('/api/auth/me').set('Authorization', `Bearer ${due.token}`).expect(401);

      expect(await gateway.app.get(DeleteDueAccounts).run()).toEqual({ deleted: 1, skipped: 0, failed: 0 });
      expect(await holdings(due)).toEqual(NOTHING);
    } finally {
      await unreachable.close();
    }
  });

  it('runs by itself as a repeatable job every ACCOUNT_DELETION_INTERVAL_MS', async () => {
    const scheduled = await deletionStack.anotherGateway({ ACCOUNT_DELETION_INTERVAL_MS: '200' });
    const queue = createQueue(
      QUEUES.accountDeletion,
      queueWiringFromUrl(scheduled.config.REDIS_URL, scheduled.config.REDIS_PREFIX),
    );
    try {
      const due = await account('due');
      const deadline = Date.now() + 15_000;
      while ((await holdings(due)).user && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await holdings(due)).toEqual(NOTHING);
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toEqual([
        expect.objectContaining({
          key: JOB_CONTRACTS[JOBS.deleteDueAccounts].scheduler,
          name: JOBS.deleteDueAccounts,
          every: 200,
        }),
      ]);
      const jobs = await queue.getJobs(['completed', 'failed', 'active', 'waiting', 'delayed']);
      for (const job of jobs) expect(job.data).toEqual({ version: 1 });
    } finally {
      await queue.close();
      await scheduled.close();
    }
  });
});
