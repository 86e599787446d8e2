import { userSchema } from '@app/contracts';
import { addJob, createQueue, type JobPayload, JOBS, QUEUES, queueWiringFromUrl } from '@app/queue';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { AccountUpdatesProcessor } from '../../src/billing/account-updates.processor';
import { http, registerOk } from '../api-helpers';
import { type GatewayTestApp, startGatewayTestApp } from '../gateway-test-app';

/**
 * The account-updates consumer on real Redis and Postgres: a job published as the billing service publishes it
 * changes what /api/auth/me answers (and so the gate); an older change never overwrites a newer one, whatever order
 * the jobs arrive in.
 */

type Change = JobPayload<typeof JOBS.applySubscriptionChange>;

let gateway: GatewayTestApp;
let queue: Queue;

beforeAll(async () => {
  gateway = await startGatewayTestApp({ REGISTRATIONS_PER_IP_PER_HOUR: '100' });
  queue = createQueue(QUEUES.accountUpdates, queueWiringFromUrl(gateway.config.REDIS_URL, gateway.config.REDIS_PREFIX));
});

afterAll(async () => {
  await queue.close();
  await gateway.close();
});

async function member(): Promise<{ id: string; token: string }> {
  const { user, token } = await registerOk(gateway);
  return { id: String(user.id), token };
}

async function me(token: string) {
  const response = await http(gateway).get('/api/auth/me').set('Authorization', `Bearer ${token}`);
  expect(response.status).toBe(200);
  return userSchema.parse(response.body);
}

/** Publishes a change as the billing service does and waits until the gateway's worker has finished it. */
async function publish(change: Change): Promise<void> {
  const jobId = `${change.userId}.${Date.parse(change.changedAt)}.${randomUUID()}`;
  await addJob(queue, JOBS.applySubscriptionChange, change, { jobId });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const state = await queue.getJobState(jobId);
    if (state === 'completed') return;
    if (state === 'failed') throw new Error(`job ${jobId} failed`);
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const at = (iso: string) => new Date(iso).toISOString();

describe('apply-subscription-change', () => {
  it('sets the status and deletion date that /api/auth/me answers', async () => {
    const { id, token } = await member();
    expect(await me(token)).toMatchObject({ subscriptionStatus: 'inactive', accountDeletionDate: null });

    await publish({
      version: 1,
      userId: id,
      subscriptionStatus: 'active',
      accountDeletionDate: null,
      changedAt: at('2030-01-01T00:00:00Z'),
    });
    expect(await me(token)).toMatchObject({ subscriptionStatus: 'active', accountDeletionDate: null });

    // A renewal fails: past_due, deletion in 90 days.
    await publish({
      version: 1,
      userId: id,
      subscriptionStatus: 'past_due',
      accountDeletionDate: at('2030-05-01T00:00:00Z'),
      changedAt: at('2030-02-01T00:00:00Z'),
    });
    expect(await me(token)).toMatchObject({
      subscriptionStatus: 'past_due',
      accountDeletionDate: at('2030-05-01T00:00:00Z'),
    });

    // Paid again: active, the date cleared.
    await publish({
      version: 1,
      userId: id,
      subscriptionStatus: 'active',
      accountDeletionDate: null,
      changedAt: at('2030-02-03T00:00:00Z'),
    });
    expect(await me(token)).toMatchObject({ subscriptionStatus: 'active', accountDeletionDate: null });
  });

  it('ignores a change older than the one applied, so out-of-order jobs never roll the state back', async () => {
    const { id, token } = await member();
    const newer: Change = {
      version: 1,
      userId: id,
      subscriptionStatus: 'canceled',
      accountDeletionDate: at('2030-06-01T00:00:00Z'),
      changedAt: at('2030-03-01T00:00:00.002Z'),
    };
    const older: Change = {
      version: 1,
      userId: id,
      subscriptionStatus: 'active',
      accountDeletionDate: null,
      changedAt: at('2030-03-01T00:00:00.001Z'),
    };

    await publish(newer);
    await publish(older);
    expect(await me(token)).toMatchObject({
      subscriptionStatus: 'canceled',
      accountDeletionDate: at('2030-06-01T00:00:00Z'),
    });

    // The same change delivered twice changes nothing either.
    await publish(newer);
    const [row] = await gateway.dataSource.query('SELECT subscription_changed_at FROM identity.users WHERE id = $1', [
      id,
    ]);
    expect(new Date(row.subscription_changed_at).toISOString()).toBe(newer.changedAt);
  });

  it('keeps the newest of many changes published at once, whatever order the workers take them in', async () => {
    const { id, token } = await member();
    const changes: Change[] = Array.from({ length: 12 }, (_, index) => ({
      version: 1,
      userId: id,
      subscriptionStatus: index % 2 ? 'active' : 'past_due',
      accountDeletionDate: index % 2 ? null : at(`2031-01-${String(index + 1).padStart(2, '0')}T00:00:00Z`),
      changedAt: at(`2030-04-01T00:00:${String(index).padStart(2, '0')}Z`),
    }));
    // Newest first and shuffled: the last one applied is not the newest.
    const order = [11, 3, 7, 0, 10, 5, 1, 9, 2, 8, 4, 6];
    await Promise.all(order.map((index) => publish(changes[index])));
    expect(await me(token)).toMatchObject({ subscriptionStatus: 'active', accountDeletionDate: null });
  });

  it('answers what it did: applied, stale, or an unknown (deleted) user', async () => {
    const processor = gateway.app.get(AccountUpdatesProcessor);
    const { id } = await member();
    const change: Change = {
      version: 1,
      userId: id,
      subscriptionStatus: 'active',
      accountDeletionDate: null,
      changedAt: at('2030-07-01T00:00:00Z'),
    };
    expect(await processor.apply(change)).toBe('applied');
    expect(await processor.apply(change)).toBe('stale');
    expect(await processor.apply({ ...change, changedAt: at('2030-06-30T00:00:00Z') })).toBe('stale');
    expect(await processor.apply({ ...change, userId: randomUUID() })).toBe('unknown_user');
  });

  it('the gate follows: a past_due member cannot start a consent session', async () => {
    const { id, token } = await member();
    await publish({
      version: 1,
      userId: id,
      subscriptionStatus: 'past_due',
      accountDeletionDate: at('2030-09-01T00:00:00Z'),
      changedAt: at('2030-08-01T00:00:00Z'),
    });
    const response = await http(gateway)
      .post('/api/consent/sessions')
      .set('Authorization', `Bearer ${token}`)
      .send({ deleteAfterDays: 90 });
    expect({ status: response.status, code: response.body.code }).toEqual({
      status: 403,
      code: 'subscription_required',
    });
  });
});
