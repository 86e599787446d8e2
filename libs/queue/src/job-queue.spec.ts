import { randomUUID } from 'node:crypto';
import { Job, Queue, QueueEvents, Worker } from 'bullmq';
import { deleteRedisKeys, testRedisPrefix, testRedisUrl } from '@app/testing';
import { JobContractError } from './job-contracts';
import { addJob, createQueue, createWorker, QueueWiring } from './job-queue';
import { JOBS, QUEUES } from './queue-names';

describe('job queue wiring (real Redis)', () => {
  const url = new URL(testRedisUrl());
  const wiring: QueueWiring = {
    connection: { host: url.hostname, port: Number(url.port || 6379) },
    prefix: testRedisPrefix().replace(/:$/, ''),
  };
  let queue: Queue;
  let events: QueueEvents;
  const workers: Worker[] = [];

  beforeAll(async () => {
    queue = createQueue(QUEUES.mediaAnalysis, wiring);
    events = new QueueEvents(QUEUES.mediaAnalysis, { connection: wiring.connection, prefix: wiring.prefix });
    await events.waitUntilReady();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.close()));
    await queue.obliterate({ force: true });
  });
  afterAll(async () => {
    await events.close();
    await queue.close();
    await deleteRedisKeys(testRedisUrl(), wiring.prefix);
  });

  const payload = () => ({ version: 1 as const, sessionId: randomUUID(), videoAssetId: randomUUID() });

  it('delivers a valid job to its handler with the validated payload', async () => {
    const seen: unknown[] = [];
    workers.push(createWorker(JOBS.analyzeRecording, async (data) => void seen.push(data), wiring));
    const sent = payload();
    await addJob(queue, JOBS.analyzeRecording, sent, { jobId: sent.videoAssetId });
    const job = (await Job.fromId(queue, sent.videoAssetId))!;
    await job.waitUntilFinished(events, 10_000);
    expect(seen).toEqual([sent]);
  });

  it('refuses at add time a payload that breaks the contract, including personal data, and enqueues nothing', async () => {
    const withPhone = { ...payload(), recipientPhone: '+15551234567' };
    await expect(addJob(queue, JOBS.analyzeRecording, withPhone as never, { jobId: 'x1' })).rejects.toThrow(JobContractError);
    await expect(addJob(queue, JOBS.analyzeRecording, { ...payload(), sessionId: 'nope' }, { jobId: 'x2' })).rejects.toThrow(
      /sessionId/,
    );
    expect(await queue.count()).toBe(0);
  });

  it('adds a job once however often the same job id is added', async () => {
    const sent = payload();
    await addJob(queue, JOBS.analyzeRecording, sent, { jobId: sent.videoAssetId });
    await addJob(queue, JOBS.analyzeRecording, sent, { jobId: sent.videoAssetId });
    expect((await queue.getJobCounts('waiting')).waiting).toBe(1);
  });

  it('fails a job whose stored payload breaks the contract at once, without retries, and never calls the handler', async () => {
    const handler = jest.fn(async () => undefined);
    workers.push(createWorker(JOBS.analyzeRecording, handler, wiring));
    const job = await queue.add(JOBS.analyzeRecording, { version: 2, sessionId: 'x' }, { attempts: 5 });
    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(/version/);
    const stored = (await Job.fromId(queue, job.id!))!;
    expect(stored.attemptsMade).toBe(1);
    expect(handler).not.toHaveBeenCalled();
  });

  it('rethrown handler errors fail the attempt so the job is retried, not recorded as done', async () => {
    let calls = 0;
    workers.push(
      createWorker(
        JOBS.analyzeRecording,
        async () => {
          calls += 1;
          if (calls === 1) throw new Error('transient');
        },
        wiring,
      ),
    );
    const sent = payload();
    await addJob(queue, JOBS.analyzeRecording, sent, { jobId: sent.videoAssetId, backoff: { type: 'fixed', delay: 10 } });
    const job = (await Job.fromId(queue, sent.videoAssetId))!;
    await job.waitUntilFinished(events, 10_000);
    expect(calls).toBe(2);
  });
});
