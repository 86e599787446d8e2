import { JobQueues, JOBS, PeriodicRequeue } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';
import { TextMessagesRepository } from './text-messages.repository';
import { phoneCodeTextsLapsedBefore, SPENT_CODE_TEXT } from './text-secrets';

/** Rows re-queued per pass at most; the rest wait for the next minute. */
const BATCH = 1000;

/**
 * A verdict commits its texts before their jobs are queued; if the process dies in between, or Redis is away, this
 * puts the jobs back: at start and then every minute, for every text still pending. A text whose job is queued or
 * waiting for its retry keeps that job (same job id). A phone code still pending past its code's lifetime is not put
 * back but withdrawn, its code removed: it would arrive dead, and a code is kept in clear only while it can be sent.
 */
@Injectable()
export class RequeuePendingTexts extends PeriodicRequeue {
  constructor(
    private readonly messages: TextMessagesRepository,
    private readonly jobs: JobQueues,
  ) {
    super(new Logger(RequeuePendingTexts.name), 'text messages');
  }

  protected async requeue(): Promise<number> {
    await this.messages.withdrawLapsedPhoneCodes(phoneCodeTextsLapsedBefore(new Date()), SPENT_CODE_TEXT);
    const pending = await this.messages.pendingIds(BATCH);
    for (const messageId of pending) await this.jobs.enqueue(JOBS.sendTextMessage, { version: 1, messageId });
    return pending.length;
  }
}
