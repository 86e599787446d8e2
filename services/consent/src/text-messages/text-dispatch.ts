import { JobQueues, JOBS } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';

/** Queues the texts their owner (a verdict, a withdrawal, a phone code) wrote to the outbox, once that has committed. */
@Injectable()
export class TextDispatch {
  private readonly logger = new Logger(TextDispatch.name);

  constructor(private readonly jobs: JobQueues) {}

  /**
   * Called after the commit that wrote the texts: one send job per id (job id = message id, so dispatching twice is
   * harmless). Never fails the caller: its change (a verdict, a code) stands whatever happens to its texts, and a text
   * whose job could not be added (Redis away) is added by RequeuePendingTexts within a minute.
   */
  async dispatch(messageIds: string[]): Promise<void> {
    for (const id of messageIds) {
      await this.jobs
        .enqueue(JOBS.sendTextMessage, { version: 1, messageId: id })
        .catch((error: Error) =>
          this.logger.warn(`Text message ${id} not queued (the requeue task retries): ${error.message}`),
        );
    }
  }
}
