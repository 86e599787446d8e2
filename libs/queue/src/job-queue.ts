import { JobsOptions, Processor, Queue, UnrecoverableError, Worker, WorkerOptions } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import { JOB_CONTRACTS, JobContractError, JobPayload, parseJobPayload } from './job-contracts';
import type { JobName, QueueName } from './queue-names';
import { observeWorker, timedAttempt } from './worker-metrics';

/** Defaults for every job: retried with backoff, kept briefly after completion, failures kept for inspection. */
const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

export interface QueueWiring {
  /** Options, never a shared client: each Queue and Worker opens its own connections and closes them itself. */
  connection: RedisOptions;
  /** BullMQ key prefix, so deployments or test files can share one Redis. */
  prefix: string;
}

/** Adds a job after validating it against its contract. `jobId` makes the add idempotent (BullMQ ignores a duplicate id). */
export async function addJob<N extends JobName>(
  queue: Queue,
  name: N,
  payload: JobPayload<N>,
  options: JobsOptions & { jobId: string },
): Promise<void> {
  const contract = JOB_CONTRACTS[name];
  if (queue.name !== contract.queue) throw new JobContractError(`${name} belongs on ${contract.queue}, not ${queue.name}`);
  await queue.add(name, parseJobPayload(name, payload), { ...DEFAULT_JOB_OPTIONS, ...options });
}

export function createQueue(name: string, wiring: QueueWiring): Queue {
  return new Queue(name, { connection: wiring.connection, prefix: wiring.prefix });
}

/**
 * A worker whose handler only ever sees payloads that passed their contract. A payload that fails it can never
 * succeed on retry, so it fails at once as unrecoverable instead of being retried. Every consumer is measured alike:
 * each attempt's duration, failed and stalled jobs, and its queue's depth (libs/metrics).
 */
export function createWorker<N extends JobName>(
  name: N,
  handler: (payload: JobPayload<N>, job: Parameters<Processor>[0]) => Promise<void>,
  wiring: QueueWiring,
  options: Omit<WorkerOptions, 'connection' | 'prefix'> = {},
): Worker {
  const queue = JOB_CONTRACTS[name].queue;
  // A job name from Redis that this worker does not handle is not made a label of its own.
  const jobLabel = (jobName: string) => (jobName === name ? name : 'unexpected');
  const worker = new Worker(
    queue,
    (job) =>
      timedAttempt(queue, jobLabel(job.name), async () => {
        if (job.name !== name) throw new UnrecoverableError(`Unexpected job ${job.name} on ${queue}`);
        let payload: JobPayload<N>;
        try {
          payload = parseJobPayload(name, job.data);
        } catch (error) {
          throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
        }
        await handler(payload, job);
      }),
    // A worker's blocking connection must wait for Redis however long it is away, never fail its commands.
    { ...options, connection: { ...wiring.connection, maxRetriesPerRequest: null }, prefix: wiring.prefix },
  );
  observeWorker(worker, wiring, jobLabel);
  return worker;
}

/**
 * A consumer's start-up check: every job that travels on `queue` has exactly one handler among `handled`, so no job
 * waits for a handler that does not exist and none is handled twice.
 */
export function assertOneHandlerPerJob(queue: QueueName, handled: readonly JobName[]): void {
  const travelling = (Object.keys(JOB_CONTRACTS) as JobName[]).filter((name) => JOB_CONTRACTS[name].queue === queue);
  const problems = [
    ...travelling.filter((name) => !handled.includes(name)).map((name) => `${name} has no handler`),
    ...travelling.filter((name) => handled.filter((other) => other === name).length > 1).map((name) => `${name} has more than one handler`),
    ...handled.filter((name) => !travelling.includes(name)).map((name) => `${name} does not travel on ${queue}`),
  ];
  if (problems.length) throw new Error(`Job handlers of ${queue}: ${problems.join('; ')}`);
}
