import { addJob, createQueue, JOBS, QUEUES, queueWiringFromUrl } from '@app/queue';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { BILLING_CONFIG, BillingConfig } from '../config/billing-config.schema';

/** The billing-events queue, where a stored provider event waits to be processed. */
@Injectable()
export class BillingEventQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(BillingEventQueue.name);
  readonly queue: Queue;

  constructor(@Inject(BILLING_CONFIG) config: BillingConfig) {
    this.queue = createQueue(QUEUES.billingEvents, queueWiringFromUrl(config.REDIS_URL, config.REDIS_PREFIX));
    this.queue.on('error', (error) => this.logger.warn(`billing-events queue: ${error.message}`));
  }

  /** The stored row's id only, which is also the job id: adding an event's job again is harmless. */
  enqueue(eventId: string): Promise<void> {
    return addJob(this.queue, JOBS.processBillingEvent, { version: 1, eventId }, { jobId: eventId });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
