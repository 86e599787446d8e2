import { JOBS, JobQueues } from '@app/queue';
import { Injectable } from '@nestjs/common';

/** Attempts of one text: the first and four retries, 2 s, 4 s, 8 s and 16 s apart. */
export const TEXT_MESSAGE_ATTEMPTS = 5;

/** A text's job id is its message id: adding a text's job again is harmless. */
export const textMessageJobId = (messageId: string): string => messageId;

/** The text-messages queue, where an outbox row waits to be sent. */
@Injectable()
export class TextMessageQueue {
  constructor(private readonly jobs: JobQueues) {}

  /** The message id only. */
  enqueue(messageId: string): Promise<void> {
    return this.jobs.enqueue(
      JOBS.sendTextMessage,
      { version: 1, messageId },
      { jobId: textMessageJobId(messageId), attempts: TEXT_MESSAGE_ATTEMPTS, backoff: { type: 'exponential', delay: 2000 } },
    );
  }
}
