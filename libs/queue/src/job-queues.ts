import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { JobState, Queue } from 'bullmq';
import { JOB_BACKBONE_OPTIONS, type JobBackboneOptions } from './job-backbone.options';
import {
  type AddedJob,
  JOB_CONTRACTS,
  type JobIdKey,
  jobIdOf,
  type NewJobPayload,
  parseNewJobPayload,
  type ScheduledJob,
} from './job-contracts';
import { assertProducer } from './job-handlers';
import { addJob, createQueue, jobOptions } from './job-queue';
import { type QueueName, QUEUES } from './queue-names';
import { queueWiringFromUrl } from './queue-wiring';

/**
 * A service's producer side: `enqueue(job, payload)` validates the payload against its contract and adds it to the
 * job's queue, with the job id, attempts and backoff of the job's row, if the table names this service among the
 * job's producers. `queue(name)` is a handle for reading and managing a queue's jobs (job states, the dashboard). One
 * handle per queue, opened on first use, closed at shutdown, after the workers (closed before, in onModuleDestroy)
 * have finished what they were doing.
 */
@Injectable()
export class JobQueues implements OnApplicationShutdown {
  private readonly logger = new Logger(JobQueues.name);
  private readonly queues = new Map<QueueName, Queue>();

  constructor(@Inject(JOB_BACKBONE_OPTIONS) private readonly options: JobBackboneOptions) {}

  /** The job id makes the add idempotent: BullMQ ignores a job whose id is already there. */
  async enqueue<N extends AddedJob>(name: N, payload: NewJobPayload<N>): Promise<void> {
    assertProducer(this.options.service, name);
    await addJob(this.queue(JOB_CONTRACTS[name].queue), name, payload);
  }

  /** A repeatable job (a BullMQ job scheduler) every `everyMs`: one schedule under its row's scheduler id, however many instances upsert it. */
  async schedule<N extends ScheduledJob>(name: N, everyMs: number, payload: NewJobPayload<N>): Promise<void> {
    assertProducer(this.options.service, name);
    const data = parseNewJobPayload(name, payload);
    const contract = JOB_CONTRACTS[name];
    await this.queue(contract.queue).upsertJobScheduler(
      contract.scheduler,
      { every: everyMs },
      { name, data, opts: jobOptions(name) },
    );
  }

  /** The state of the job named by `key` (`unknown` once BullMQ no longer holds it). */
  async stateOf<N extends AddedJob>(name: N, key: JobIdKey<N>): Promise<JobState | 'unknown'> {
    return this.queue(JOB_CONTRACTS[name].queue).getJobState(jobIdOf(name, key));
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = createQueue(name, queueWiringFromUrl(this.options.config.REDIS_URL, this.options.config.REDIS_PREFIX));
      // Without a listener, a connection error would be thrown as an unhandled 'error' event and end the process.
      queue.on('error', (error) => this.logger.warn(`${name} queue: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Every queue of `QUEUES`. */
  all(): Queue[] {
    return Object.values(QUEUES).map((name) => this.queue(name));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}

/** Whether a name from outside (a support record, the job dashboard's URL) is one of `QUEUES`. */
export function isQueueName(name: string): name is QueueName {
  return (Object.values(QUEUES) as string[]).includes(name);
}
