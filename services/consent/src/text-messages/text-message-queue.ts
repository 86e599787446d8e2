import { addJob, createQueue, JOBS, QUEUES, queueWiringFromUrl } from '@app/queue';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';

/** Attempts of one text: the first and four retries, 2 s, 4 s, 8 s and 16 s apart. */
export const TEXT_MESSAGE_ATTEMPTS = 5;

/** A text's job id is its message id: adding a text's job again is harmless. */
export const textMessageJobId = (messageId: string): string => messageId;

/** The text-messages queue, where an outbox row waits to be sent. */
@Injectable()
export class TextMessageQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(TextMessageQueue.name);
  readonly queue: Queue;

  constructor(@Inject(CONSENT_CONFIG) config: ConsentConfig) {
    this.queue = createQueue(QUEUES.textMessages, queueWiringFromUrl(config.REDIS_URL, config.REDIS_PREFIX));
    this.queue.on('error', (error) => this.logger.warn(`text-messages queue: ${error.message}`));
  }

  /** The message id only. */
  enqueue(messageId: string): Promise<void> {
    return addJob(
      this.queue,
      JOBS.sendTextMessage,
      { version: 1, messageId },
      { jobId: textMessageJobId(messageId), attempts: TEXT_MESSAGE_ATTEMPTS, backoff: { type: 'exponential', delay: 2000 } },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
