import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { JobsOptions, Queue } from 'bullmq';
import { JOB_BACKBONE_OPTIONS, type JobBackboneOptions } from './job-backbone.options';
import { JOB_CONTRACTS, parseJobPayload, type JobPayload } from './job-contracts';
import { assertProducer } from './job-handlers';
import { addJob, createQueue } from './job-queue';
import { QUEUES, type JobName, type QueueName } from './queue-names';
import { queueWiringFromUrl } from './queue-wiring';

/**
 * A service's producer side: `enqueue(job, payload)` validates the payload against its contract and adds it to the
 * job's queue, if the table names this service among the job's producers. `queue(name)` is a handle for reading and
 * managing a queue's jobs (job states, the dashboard). One handle per queue, opened on first use, closed at shutdown,
 * after the workers (closed before, in onModuleDestroy) have finished what they were doing.
 */
@Injectable()
export class JobQueues implements OnApplicationShutdown {
  private readonly logger = new Logger(JobQueues.name);
  private readonly queues = new Map<QueueName, Queue>();

  constructor(@Inject(JOB_BACKBONE_OPTIONS) private readonly options: JobBackboneOptions) {}

  /** `jobId` makes the add idempotent: BullMQ ignores a job whose id is already there. */
  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options: JobsOptions & { jobId: string }): Promise<void> {
    assertProducer(this.options.service, name);
    await addJob(this.queue(JOB_CONTRACTS[name].queue), name, payload, options);
  }

  /** A repeatable job (a BullMQ job scheduler): one schedule per `schedulerId`, however many instances upsert it. */
  async schedule<N extends JobName>(name: N, schedulerId: string, everyMs: number, payload: JobPayload<N>, options: JobsOptions): Promise<void> {
    assertProducer(this.options.service, name);
    const data = parseJobPayload(name, payload);
    await this.queue(JOB_CONTRACTS[name].queue).upsertJobScheduler(schedulerId, { every: everyMs }, { name, data, opts: options });
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = createQueue(name, queueWiringFromUrl(this.options.redisUrl, this.options.redisPrefix));
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
