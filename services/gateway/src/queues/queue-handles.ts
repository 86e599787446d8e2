import { createQueue, QUEUES, queueWiringFromUrl, type QueueName } from '@app/queue';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';

/**
 * The gateway's handles on BullMQ queues for reading and managing their jobs (the support lookup's job states, the job
 * dashboard): one per queue, opened on first use and shared, closed at shutdown. The workers keep their own.
 */
@Injectable()
export class QueueHandles implements OnApplicationShutdown {
  private readonly logger = new Logger(QueueHandles.name);
  private readonly queues = new Map<QueueName, Queue>();

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  get(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = createQueue(name, queueWiringFromUrl(this.config.REDIS_URL, this.config.REDIS_PREFIX));
      queue.on('error', (error) => this.logger.warn(`${name} queue: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Every queue of `QUEUES`. */
  all(): Queue[] {
    return Object.values(QUEUES).map((name) => this.get(name));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}

/** Whether a name from outside (a support record, the job dashboard's URL) is one of `QUEUES`. */
export function isQueueName(name: string): name is QueueName {
  return (Object.values(QUEUES) as string[]).includes(name);
}
