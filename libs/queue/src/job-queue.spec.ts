import { metricsRegistry } from '@app/metrics';
import { deleteRedisKeys, sampleValue, testRedisPrefix, testRedisUrl } from '@app/testing';
import { Job, Queue, QueueEvents, Worker } from 'bullmq';
import { randomUUID } from 'node:crypto';
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

  const payload = () => ({ version: 2 as const, sessionId: randomUUID(), videoAssetId: randomUUID(), attempt: 1 });
  /** The job id the table gives an analysis: `<sessionId>.<attempt>`. */
  const idOf = (sent: { sessionId: string }) => `${sent.sessionId}.1`;

  it('delivers a valid job to its handler with the validated payload', async () => {
    const seen: unknown[] = [];
    workers.push(
      createWorker(QUEUES.mediaAnalysis, { [JOBS.analyzeRecording]: async (data) => void seen.push(data) }, wiring),
    );
    const sent = payload();
    await addJob(queue, JOBS.analyzeRecording, sent);
    const job = (await Job.fromId(queue, idOf(sent)))!;
    await job.waitUntilFinished(events, 10_000);
    expect(seen).toEqual([sent]);
  });

  it('refuses at add time a payload that breaks the contract, including personal data, and enqueues nothing', async () => {
    const withPhone = { ...payload(), recipientPhone: '+15551234567' };
    await expect(addJob(queue, JOBS.analyzeRecording, withPhone as never)).rejects.toThrow(JobContractError);
    await expect(addJob(queue, JOBS.analyzeRecording, { ...payload(), sessionId: 'nope' })).rejects.toThrow(
      /sessionId/,
    );
    expect(await queue.count()).toBe(0);
  });

  it("adds a job under its row's job id, with its attempts and backoff, and refuses a former version", async () => {
    const sent = payload();
    await addJob(queue, JOBS.analyzeRecording, sent);
    const job = (await Job.fromId(queue, idOf(sent)))!;
    expect([job.data, job.opts.attempts, job.opts.backoff]).toEqual([sent, 8, { type: 'exponential', delay: 2000 }]);
    const former = { version: 1, sessionId: randomUUID(), videoAssetId: randomUUID() };
    await expect(addJob(queue, JOBS.analyzeRecording, former as never)).rejects.toThrow(JobContractError);
  });

  it('still hands a job of the version before, waiting from before a deploy, to its handler', async () => {
    const seen: unknown[] = [];
    workers.push(
      createWorker(QUEUES.mediaAnalysis, { [JOBS.analyzeRecording]: async (data) => void seen.push(data) }, wiring),
    );
    const former = { version: 1, sessionId: randomUUID(), videoAssetId: randomUUID() };
    await (
      await queue.add(JOBS.analyzeRecording, former, { jobId: `${former.sessionId}.1` })
    ).waitUntilFinished(events, 10_000);
    expect(seen).toEqual([former]);
  });

  it('adds a job once however often the same job id is added', async () => {
    const sent = payload();
    await addJob(queue, JOBS.analyzeRecording, sent);
    await addJob(queue, JOBS.analyzeRecording, sent);
    expect((await queue.getJobCounts('waiting')).waiting).toBe(1);
  });

  it('fails a job whose stored payload breaks the contract at once, without retries, and never calls the handler', async () => {
    const handler = jest.fn(async () => undefined);
    workers.push(createWorker(QUEUES.mediaAnalysis, { [JOBS.analyzeRecording]: handler }, wiring));
    const job = await queue.add(JOBS.analyzeRecording, { version: 3, sessionId: 'x' }, { attempts: 5 });
    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(/version/);
    const stored = (await Job.fromId(queue, job.id!))!;
    expect(stored.attemptsMade).toBe(1);
    expect(handler).not.toHaveBeenCalled();
  });

  it('rethrown handler errors fail the attempt so the job is retried, not recorded as done', async () => {
    let calls = 0;
    workers.push(
      createWorker(
        QUEUES.mediaAnalysis,
        {
          [JOBS.analyzeRecording]: async () => {
            calls += 1;
            if (calls === 1) throw new Error('transient');
          },
        },
        wiring,
      ),
    );
    const sent = payload();
    await addJob(queue, JOBS.analyzeRecording, sent, { backoff: { type: 'fixed', delay: 10 } });
    const job = (await Job.fromId(queue, idOf(sent)))!;
    await job.waitUntilFinished(events, 10_000);
    expect(calls).toBe(2);
  });
  /** Every consumer made by createWorker is measured alike: attempts, failures, stalls and its queue's depth. */
  describe('metrics', () => {
    const queueName = QUEUES.mediaAnalysis;
    const add = async (options: { attempts?: number } = {}) => {
      const sent = payload();
      await addJob(queue, JOBS.analyzeRecording, sent, { backoff: { type: 'fixed', delay: 10 }, ...options });
      return (await Job.fromId(queue, idOf(sent)))!;
    };
    const sample = async (line: string) => sampleValue(await metricsRegistry.metrics(), line);
    const duration = (outcome: string) =>
      `ciq_job_duration_seconds_count{queue="${queueName}",job="analyze-recording",outcome="${outcome}"}`;
    const failed = (final: boolean) =>
      `ciq_jobs_failed_total{queue="${queueName}",job="analyze-recording",final="${final}"}`;

    it('times completed and failed attempts, and counts failures as final only when no attempt is left', async () => {
      // The tests above ran jobs too (one registry per process): only what this one adds is compared.
      const counts = () =>
        Promise.all([duration('failed'), duration('completed'), failed(false), failed(true)].map(sample));
      const before = await counts();
      let calls = 0;
      const handler = async () => {
        calls += 1;
        if (calls <= 3) throw new Error('transient');
      };
      workers.push(createWorker(QUEUES.mediaAnalysis, { [JOBS.analyzeRecording]: handler }, wiring));
      await expect((await add({ attempts: 2 })).waitUntilFinished(events, 10_000)).rejects.toThrow('transient');
      await (await add({ attempts: 3 })).waitUntilFinished(events, 10_000);

      expect((await counts()).map((count, index) => count - before[index])).toEqual([3, 1, 2, 1]);
    });

    it("reports its queue's depth by state at scrape time while the worker exists, and nothing once it is closed", async () => {
      const worker = createWorker(QUEUES.mediaAnalysis, { [JOBS.analyzeRecording]: async () => undefined }, wiring, {
        autorun: false,
      });
      workers.push(worker);
      await add();
      await add();
      expect(await sample(`ciq_queue_jobs{queue="${queueName}",state="waiting"}`)).toBe(2);
      expect(await sample(`ciq_queue_jobs{queue="${queueName}",state="active"}`)).toBe(0);
      await worker.close();
      expect(await metricsRegistry.metrics()).not.toContain(`ciq_queue_jobs{queue="${queueName}"`);
    });

    it('counts a job whose lock lapsed (its worker stopped renewing it) as stalled', async () => {
      const stalled = `ciq_jobs_stalled_total{queue="${queueName}"}`;
      const before = await sample(stalled);
      const job = await add();
      // Another consumer takes the job and never renews its lock, as a killed process would.
      const crashed = new Worker(queueName, null, {
        connection: wiring.connection,
        prefix: wiring.prefix,
        lockDuration: 300,
      });
      workers.push(crashed);
      expect((await crashed.getNextJob('crashed-token'))?.id).toBe(job.id);
      workers.push(
        createWorker(QUEUES.mediaAnalysis, { [JOBS.analyzeRecording]: async () => undefined }, wiring, {
          stalledInterval: 200,
          lockDuration: 300,
        }),
      );
      await job.waitUntilFinished(events, 10_000);
      expect((await sample(stalled)) - before).toBe(1);
    });
  });
});
