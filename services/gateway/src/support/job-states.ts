import type { SupportJob, SupportJobRef, SupportJobState } from '@app/contracts';
import { createQueue, QUEUES, queueWiringFromUrl, type QueueName } from '@app/queue';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';

/**
 * Reads jobs' states from BullMQ, for the support lookup. A queue's connection is opened on the first lookup that
 * needs it, so a gateway nobody looks anything up on opens none.
 */
@Injectable()
export class JobStates implements OnApplicationShutdown {
  private readonly logger = new Logger(JobStates.name);
  private readonly queues = new Map<QueueName, Queue>();

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /** Each job with its state: `removed` when BullMQ no longer has it, `unknown` when its queue cannot be asked. */
  of(jobs: SupportJobRef[]): Promise<SupportJob[]> {
    return Promise.all(jobs.map(async (job) => ({ ...job, state: await this.stateOf(job) })));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }

  private async stateOf({ queue: name, id }: SupportJobRef): Promise<SupportJobState> {
    const queue = this.queue(name);
    if (!queue) return 'unknown';
    try {
      const job = await queue.getJob(id);
      return job ? await job.getState() : 'removed';
    } catch (error) {
      this.logger.warn(`${name} job state not read: ${(error as Error).message}`);
      return 'unknown';
    }
  }

  private queue(name: string): Queue | undefined {
    if (!isQueueName(name)) return undefined;
    let queue = this.queues.get(name);
    if (!queue) {
      queue = createQueue(name, queueWiringFromUrl(this.config.REDIS_URL, this.config.REDIS_PREFIX));
      queue.on('error', (error) => this.logger.warn(`${name} queue: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }
}

function isQueueName(name: string): name is QueueName {
  return (Object.values(QUEUES) as string[]).includes(name);
}
