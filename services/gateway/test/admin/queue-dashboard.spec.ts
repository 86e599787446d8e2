import { addJob, createQueue, JOB_CONTRACTS, JOBS, QUEUES, queueWiringFromUrl } from '@app/queue';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectError, http, registerOk } from '../api-helpers';
import { BillingStandIn } from '../billing/billing-stand-in';
import { GatewayTestApp, startGatewayTestApp } from '../gateway-test-app';
import { accessLog, setRole } from './staff-helpers';

/**
 * Bull Board at /admin/queues on the real gateway, with its real `push-session-update` worker: a stand-in for the
 * consent service (the BillingStandIn server, answering the consent service's route) decides whether that job fails.
 */

const consent = new BillingStandIn();
let gateway: GatewayTestApp;
let sessionUpdates: Queue;
let accountUpdates: Queue;
let frontendDir: string;
const token: Record<'member' | 'support' | 'admin', string> = { member: '', support: '', admin: '' };
const userId: Record<'support' | 'admin', string> = { support: '', admin: '' };

const get = (path: string, as?: keyof typeof token) => {
  const call = http(gateway).get(path);
  return as ? call.set('Authorization', `Bearer ${token[as]}`) : call;
};
const put = (path: string, as: keyof typeof token) =>
  http(gateway).put(path).set('Authorization', `Bearer ${token[as]}`);
const send = (method: 'post' | 'put' | 'patch', path: string, body: object = {}) =>
  http(gateway)[method](path).set('Authorization', `Bearer ${token.admin}`).send(body);
const listing = (as: keyof typeof token) =>
  get(`/admin/queues/api/queues?activeQueue=${QUEUES.sessionUpdates}&status=failed&page=1&jobsPerPage=10`, as);

async function stateOf(jobId: string, wanted: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  let state = await sessionUpdates.getJobState(jobId);
  while (state !== wanted && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    state = await sessionUpdates.getJobState(jobId);
  }
  return state;
}

/** A push for a session whose read fails (the consent service answers 503), with no attempt left: failed for good. */
async function failedPush(): Promise<{ jobId: string; sessionId: string }> {
  const sessionId = randomUUID();
  consent.answer(`GET /sessions/${sessionId}/push-views`, {
    status: 503,
    json: { error: 'down', code: 'service_unavailable' },
  });
  const jobId = `${sessionId}.verdict`;
  await addJob(
    sessionUpdates,
    JOBS.pushSessionUpdate,
    { version: 2, sessionId, initiatorUserId: randomUUID(), change: 'verdict' },
    { attempts: 1 },
  );
  expect(await stateOf(jobId, 'failed')).toBe('failed');
  return { jobId, sessionId };
}

beforeAll(async () => {
  // A built web app, which answers every other GET path with its index.html.
  frontendDir = await mkdtemp(join(tmpdir(), 'dashboard-frontend-'));
  await writeFile(join(frontendDir, 'index.html'), '<!doctype html><title>web app</title>');
  gateway = await startGatewayTestApp({
    CONSENT_SERVICE_URL: await consent.start(),
    REGISTRATIONS_PER_IP_PER_HOUR: '100',
    FRONTEND_DIR: frontendDir,
  });
  sessionUpdates = createQueue(
    QUEUES.sessionUpdates,
    queueWiringFromUrl(gateway.config.REDIS_URL, gateway.config.REDIS_PREFIX),
  );
  accountUpdates = createQueue(
    QUEUES.accountUpdates,
    queueWiringFromUrl(gateway.config.REDIS_URL, gateway.config.REDIS_PREFIX),
  );
  for (const role of ['member', 'support', 'admin'] as const) {
    const account = await registerOk(gateway);
    token[role] = account.token;
    if (role !== 'member') {
      userId[role] = String(account.user.id);
      await setRole(gateway.dataSource, account.user.id, role);
    }
  }
});

afterAll(async () => {
  await sessionUpdates.close();
  await accountUpdates.close();
  await gateway.close();
  await consent.close();
  await rm(frontendDir, { recursive: true, force: true });
});

describe('the job dashboard at /admin/queues', () => {
  it('answers 401 {error, code} to anonymous requests, the page and its API alike', async () => {
    for (const path of [
      '/admin/queues',
      '/admin/queues/',
      '/admin/queues/queue/session-updates',
      '/admin/queues/api/queues',
      '/admin/queues/static/favicon-32x32.png',
    ]) {
      expectError(await get(path), 401, 'Not signed in');
    }
    expectError(await http(gateway).get('/admin/queues').set('Cookie', 'session=not-a-jwt'), 401);
    expectError(await http(gateway).put('/admin/queues/api/queues/pause'), 401);
  });

  it('answers 403 role_required to a member', async () => {
    for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
      const response = await get(path, 'member');
      expectError(response, 403, 'This requires the support or admin role');
      expect(response.body.code).toBe('role_required');
    }
    expectError(await put('/admin/queues/api/queues/pause', 'member'), 403);
  });

  it('serves support the board page, signed in by the session cookie as a browser is, under the usual headers', async () => {
    const response = await http(gateway).get('/admin/queues').set('Cookie', `session=${token.support}`);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain('<base href="/admin/queues/" />');
    expect(response.text).toContain('<title>ConsentIQ jobs</title>');
    // The web app's policy, but for the inline styles of the board's loading screen and job data viewer.
    const policy = (await get('/api/site')).headers['content-security-policy'];
    expect(policy).toContain("; style-src 'self';");
    expect(response.headers['content-security-policy']).toBe(
      policy.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
    );
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect((await get('/admin/queues/static/favicon-32x32.png', 'support')).status).toBe(200);
  });

  it('lists a failed job to support, read-only, and refuses every change support tries with 403', async () => {
    const { jobId } = await failedPush();

    const response = await listing('support').expect(200);
    const queue = response.body.queues.find((candidate: { name: string }) => candidate.name === QUEUES.sessionUpdates);
    expect(queue.readOnlyMode).toBe(true);
    expect(queue.jobs.map((job: { id: string }) => job.id)).toContain(jobId);
    expect(response.body.queues.map((candidate: { name: string }) => candidate.name).sort()).toEqual(
      Object.values(QUEUES).sort(),
    );

    const changes = [
      put(`/admin/queues/api/queues/${QUEUES.sessionUpdates}/${encodeURIComponent(jobId)}/retry`, 'support'),
      put(`/admin/queues/api/queues/${QUEUES.sessionUpdates}/${encodeURIComponent(jobId)}/clean`, 'support'),
      put(`/admin/queues/api/queues/${QUEUES.sessionUpdates}/retry/failed`, 'support'),
      put(`/admin/queues/api/queues/${QUEUES.sessionUpdates}/clean/failed`, 'support'),
      put(`/admin/queues/api/queues/${QUEUES.sessionUpdates}/pause`, 'support'),
      put(`/admin/queues/api/queues/${QUEUES.sessionUpdates}/promote`, 'support'),
      http(gateway)
        .post(`/admin/queues/api/queues/${QUEUES.sessionUpdates}/add`)
        .set('Authorization', `Bearer ${token.support}`)
        .send({ name: JOBS.pushSessionUpdate, data: {} }),
    ];
    for (const change of changes) expectError(await change, 403, 'This requires the admin role');

    expect(await sessionUpdates.getJobState(jobId)).toBe('failed');
    expect(await sessionUpdates.isPaused()).toBe(false);
    expect(await sessionUpdates.getJobCounts('wait', 'failed')).toEqual({ wait: 0, failed: 1 });
  });

  it('lets admin retry a failed job, which the worker then completes, and logs whose session it was', async () => {
    const { jobId, sessionId } = await failedPush();
    const listed = await listing('admin').expect(200);
    expect(
      listed.body.queues.find((candidate: { name: string }) => candidate.name === QUEUES.sessionUpdates).readOnlyMode,
    ).toBe(false);
    // The consent service is back.
    consent.answer(`GET /sessions/${sessionId}/push-views`, {
      json: { member: { id: sessionId, initiatorUserId: randomUUID() }, partner: null },
    });

    const logged = (await accessLog(gateway.dataSource)).length;

    expect(
      (await put(`/admin/queues/api/queues/${QUEUES.sessionUpdates}/${encodeURIComponent(jobId)}/retry`, 'admin'))
        .status,
    ).toBe(204);

    expect(await stateOf(jobId, 'completed')).toBe('completed');
    expect((await accessLog(gateway.dataSource)).slice(logged).map(({ action, target }) => [action, target])).toEqual([
      ['retry_job', `job:${QUEUES.sessionUpdates}/${jobId}`],
      ['retry_job', `session:${sessionId}`],
    ]);
    expect(consent.received.filter((request) => request.url === `/sessions/${sessionId}/push-views`)).toHaveLength(2);
  });

  it('writes staff reads to the access log once a minute per staff member, action and target, and every change with the session it touched', async () => {
    const { jobId, sessionId } = await failedPush();
    const job = `/admin/queues/api/queues/${QUEUES.sessionUpdates}/${encodeURIComponent(jobId)}`;
    const logged = (await accessLog(gateway.dataSource)).length;
    const started = Date.now();

    // The board polls: four listings of a queue not listed before, and a job with its logs, are one entry each.
    for (let poll = 0; poll < 4; poll += 1)
      await get(`/admin/queues/api/queues?activeQueue=${QUEUES.mediaAnalysis}&status=latest`, 'support').expect(200);
    await get(job, 'support').expect(200);
    await get(`${job}/logs`, 'support').expect(200);
    // The same reads by another staff member are theirs to account for.
    await get(job, 'admin').expect(200);
    // Neither the page nor its files show a job; a refused request reads nothing.
    await get('/admin/queues/', 'support').expect(200);
    await put(`${job}/clean`, 'support').expect(403);
    await put(`${job}/clean`, 'admin').expect(204);

    const rows = (await accessLog(gateway.dataSource)).slice(logged);
    expect(rows.map(({ actorUserId, action, target }) => ({ actorUserId, action, target }))).toEqual([
      { actorUserId: userId.support, action: 'list_jobs', target: `queue:${QUEUES.mediaAnalysis}` },
      { actorUserId: userId.support, action: 'view_job', target: `job:${QUEUES.sessionUpdates}/${jobId}` },
      { actorUserId: userId.admin, action: 'view_job', target: `job:${QUEUES.sessionUpdates}/${jobId}` },
      { actorUserId: userId.admin, action: 'remove_job', target: `job:${QUEUES.sessionUpdates}/${jobId}` },
      { actorUserId: userId.admin, action: 'remove_job', target: `session:${sessionId}` },
    ]);
    for (const { at } of rows) expect(Math.abs(at.getTime() - started)).toBeLessThan(10_000);
  });

  it("refuses admin every change but retrying or removing one job: no job is added, duplicated or edited, whatever the path's spelling", async () => {
    const member = await registerOk(gateway);
    const memberId = String(member.user.id);
    // A change the billing service published, waiting for its time.
    const jobId = `${memberId}.1700000000000`;
    const payload = {
      version: 1,
      userId: memberId,
      subscriptionStatus: 'past_due',
      accountDeletionDate: null,
      changedAt: '2023-11-14T22:13:20.000Z',
    } as const;
    await addJob(accountUpdates, JOBS.applySubscriptionChange, payload, { jobId, delay: 60_000 });
    const forged = {
      ...payload,
      subscriptionStatus: 'active',
      accountDeletionDate: '2000-01-01T00:00:00.000Z',
      changedAt: new Date().toISOString(),
    };
    const queue = `/admin/queues/api/queues/${QUEUES.accountUpdates}`;
    const logged = (await accessLog(gateway.dataSource)).length;

    const refusals = [
      send('post', `${queue}/add`, { name: JOBS.applySubscriptionChange, data: forged, options: {} }),
      send('post', `/admin/queues/API/Queues/${QUEUES.accountUpdates}/ADD/`, {
        name: JOBS.applySubscriptionChange,
        data: forged,
        options: {},
      }),
      send('patch', `${queue}/${encodeURIComponent(jobId)}/update-data`, { jobData: forged }),
      send('patch', `${queue}/${encodeURIComponent(jobId)}/delay`, { delay: 0 }),
      send('patch', `${queue}/${encodeURIComponent(jobId)}/priority`, { priority: 1 }),
      send('put', `${queue}/${encodeURIComponent(jobId)}/promote`),
      send('put', `${queue}/promote`),
      send('put', `${queue}/retry/failed`),
      send('put', `${queue}/clean/delayed`),
      send('put', `${queue}/empty`),
      send('put', `${queue}/pause`),
      send('put', '/admin/queues/api/queues/pause'),
      send(
        'put',
        `/admin/queues/api/queues/${QUEUES.accountDeletion}/job-schedulers/${encodeURIComponent(JOB_CONTRACTS[JOBS.deleteDueAccounts].scheduler)}/run`,
      ),
    ];
    for (const refusal of refusals) {
      const response = await refusal;
      expectError(response, 403, 'Jobs can only be retried or removed, never added or edited');
      expect(response.body.code).toBe('job_change_refused');
    }

    expect(await accountUpdates.getJobCounts('wait', 'delayed', 'prioritized', 'completed', 'failed')).toEqual({
      wait: 0,
      delayed: 1,
      prioritized: 0,
      completed: 0,
      failed: 0,
    });
    expect((await accountUpdates.getJob(jobId))?.data).toEqual(payload);
    expect(await accountUpdates.isPaused()).toBe(false);
    const [user] = await gateway.dataSource.query(
      `SELECT subscription_status, account_deletion_date FROM identity.users WHERE id = $1`,
      [memberId],
    );
    expect(user).toEqual({ subscription_status: 'inactive', account_deletion_date: null });
    expect((await accessLog(gateway.dataSource)).slice(logged)).toEqual([]);
  });

  it('lets admin remove a job, and logs whose account it was', async () => {
    const memberId = randomUUID();
    const jobId = `${memberId}.1700000000000`;
    await addJob(
      accountUpdates,
      JOBS.applySubscriptionChange,
      {
        version: 1,
        userId: memberId,
        subscriptionStatus: 'canceled',
        accountDeletionDate: null,
        changedAt: '2023-11-14T22:13:20.000Z',
      },
      { jobId, delay: 60_000 },
    );
    const logged = (await accessLog(gateway.dataSource)).length;

    expect(
      (await put(`/admin/queues/api/queues/${QUEUES.accountUpdates}/${encodeURIComponent(jobId)}/clean`, 'admin'))
        .status,
    ).toBe(204);

    expect(await accountUpdates.getJob(jobId)).toBeUndefined();
    const rows = (await accessLog(gateway.dataSource)).slice(logged);
    expect(rows.map(({ actorUserId, action, target }) => ({ actorUserId, action, target }))).toEqual([
      { actorUserId: userId.admin, action: 'remove_job', target: `job:${QUEUES.accountUpdates}/${jobId}` },
      { actorUserId: userId.admin, action: 'remove_job', target: `account:${memberId}` },
    ]);
  });

  it('answers 404 for a path the board does not know, instead of the web app', async () => {
    expect((await get('/anything-else')).text).toContain('web app');
    for (const path of ['/admin/queues/api/nothing-here', '/admin/queues/nothing/here'])
      expectError(await get(path, 'support'), 404);
  });
});
