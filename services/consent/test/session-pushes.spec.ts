import { UnitOfWork } from '@app/database';
import { JobQueues, QUEUES } from '@app/queue';
import { makeTestRecording } from '@app/testing';
import { RequeuePendingPushes } from '../src/events/requeue-pending-pushes';
import { SessionUpdates } from '../src/events/session-updates';
import { createSession, decisionFields, processVideo, storedRecording } from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

/** A session change's push goes through an outbox, so it is never lost between the commit and the queue. */
describe('session pushes (outbox)', () => {
  let consent: ConsentTestApp;

  beforeAll(async () => {
    consent = await startConsentTestApp();
  });
  afterAll(async () => {
    await consent?.close();
  });

  const pushJob = (jobId: string) => consent.app.get(JobQueues).queue(QUEUES.sessionUpdates).getJob(jobId);
  const outbox = async (sessionId: string): Promise<string[]> =>
    (
      await consent.dataSource.query(`SELECT job_id FROM consent.pending_pushes WHERE session_id = $1`, [sessionId])
    ).map((row: { job_id: string }) => row.job_id);

  it("queues a submission's push for both screens and leaves nothing in the outbox", async () => {
    const session = await createSession(consent);
    const assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
    await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    const job = await pushJob(`${session.id}.submitted`);
    expect(job?.data).toEqual({
      version: 2,
      sessionId: session.id,
      initiatorUserId: session.initiatorUserId,
      change: 'submitted',
    });
    // Retried each second for a minute: it outlives a restart of the consent service the gateway reads from.
    expect([job?.opts.attempts, job?.opts.backoff]).toEqual([60, { type: 'fixed', delay: 1000 }]);
    expect(await outbox(session.id)).toEqual([]);
  });

  it('queues a push committed by a process that died before queueing it, once, on the next pass', async () => {
    const session = await createSession(consent);
    const updates = consent.app.get(SessionUpdates);
    // The change and its push commit; the process dies before `publish`.
    await consent.app.get(UnitOfWork).run((transaction) => updates.record(transaction, session, 'withdrawn'));
    expect(await outbox(session.id)).toEqual([`${session.id}.withdrawn`]);
    expect(await pushJob(`${session.id}.withdrawn`)).toBeUndefined();

    await consent.app.get(RequeuePendingPushes).run();
    expect((await pushJob(`${session.id}.withdrawn`))?.data.change).toBe('withdrawn');
    expect(await outbox(session.id)).toEqual([]);
    // Published again (a late publish after the pass): still one job.
    await updates.publish(session, 'withdrawn');
    const jobs = (await consent.app.get(JobQueues).queue(QUEUES.sessionUpdates).getJobs()).filter(
      (job) => job.data.sessionId === session.id,
    );
    expect(jobs.map((job) => job.id)).toEqual([`${session.id}.withdrawn`]);
  });

  it("queues a retake's push left in the outbox under its attempt's job id, with the attempt in its payload", async () => {
    const session = await createSession(consent);
    const updates = consent.app.get(SessionUpdates);
    await consent.app.get(UnitOfWork).run((transaction) => updates.record(transaction, session, 'retake_requested', 2));
    expect(await outbox(session.id)).toEqual([`${session.id}.retake_requested.2`]);

    await consent.app.get(RequeuePendingPushes).run();
    expect((await pushJob(`${session.id}.retake_requested.2`))?.data).toEqual({
      version: 2,
      sessionId: session.id,
      initiatorUserId: session.initiatorUserId,
      change: 'retake_requested',
      attempt: 2,
    });
    expect(await outbox(session.id)).toEqual([]);
  });
});
