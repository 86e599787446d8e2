import { Job, JobsOptions, Queue, UnrecoverableError, Worker, WorkerOptions } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import {
  type AddedJob,
  JOB_CONTRACTS,
  type JobContract,
  JobContractError,
  type JobIdKey,
  jobIdOf,
  type JobPayload,
  type NewJobPayload,
  parseJobPayload,
  parseNewJobPayload,
} from './job-contracts';
import type { JobName, QueueName } from './queue-names';
import { observeWorker, timedAttempt } from './worker-metrics';

/** Every job is kept briefly after completion (unless its row says otherwise), and a failed one for inspection. */
const RETENTION = {
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} satisfies JobsOptions;

/** A job's options, from its row of the table: its attempts and backoff, and how long it is kept. */
export function jobOptions(name: JobName): JobsOptions {
  const { attempts, backoff, removeOnComplete }: JobContract = JOB_CONTRACTS[name];
  return { ...RETENTION, attempts, backoff, ...(removeOnComplete && { removeOnComplete }) };
}

export interface QueueWiring {
  /** Options, never a shared client: each Queue and Worker opens its own connections and closes them itself. */
  connection: RedisOptions;
  /** BullMQ key prefix, so deployments or test files can share one Redis. */
  prefix: string;
}

/**
 * Adds a job after validating it against its contract, with its row's job id, attempts and backoff. The job id makes
 * the add idempotent (BullMQ ignores a duplicate id). `overrides` is for tests that shape a job of their own.
 */
export async function addJob<N extends AddedJob>(
  queue: Queue,
  name: N,
  payload: NewJobPayload<N>,
  overrides: JobsOptions = {},
): Promise<void> {
  const contract = JOB_CONTRACTS[name];
  if (queue.name !== contract.queue)
    throw new JobContractError(`${name} belongs on ${contract.queue}, not ${queue.name}`);
  const data = parseNewJobPayload(name, payload);
  await queue.add(name, data, { ...jobOptions(name), jobId: jobIdOf(name, data as JobIdKey<N>), ...overrides });
}

export function createQueue(name: string, wiring: QueueWiring): Queue {
  return new Queue(name, { connection: wiring.connection, prefix: wiring.prefix });
}

/** What handles one job: its validated payload, and the BullMQ job for its attempt count and options. */
export type JobHandler<N extends JobName> = (payload: JobPayload<N>, job: Job) => Promise<void>;
export type JobHandlers = { [N in JobName]?: JobHandler<N> };

/**
 * The worker of one queue, handing each job to the handler of its name. A handler only ever sees payloads that passed
 * their contract: a payload that fails it, or a job with no handler here, can never succeed on retry, so it fails at
 * once as unrecoverable instead of being retried. Every consumer is measured alike: each attempt's duration, failed
 * and stalled jobs, and its queue's depth (libs/metrics).
 */
export function createWorker(
  queue: QueueName,
  handlers: JobHandlers,
  wiring: QueueWiring,
  options: Omit<WorkerOptions, 'connection' | 'prefix'> = {},
): Worker {
  // A job name from Redis that this worker does not handle is not made a label of its own.
  const jobLabel = (jobName: string) => (Object.hasOwn(handlers, jobName) ? jobName : 'unexpected');
  const worker = new Worker(
    queue,
    (job) =>
      timedAttempt(queue, jobLabel(job.name), async () => {
        const name = job.name as JobName;
        if (!Object.hasOwn(handlers, name)) throw new UnrecoverableError(`Unexpected job ${job.name} on ${queue}`);
        const handler = handlers[name] as JobHandler<JobName>;
        let payload: JobPayload<JobName>;
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
