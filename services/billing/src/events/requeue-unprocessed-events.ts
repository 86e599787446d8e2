import { JobQueues, JOBS, PeriodicRequeue } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';
import { ProviderEventsRepository } from './provider-events.repository';

/** Rows re-queued per pass at most; the rest wait for the next minute. */
const BATCH = 1000;

/**
 * An event is stored before its job is queued; if the process dies in between, or Redis is away, this puts the job
 * back: at start and then every minute, for every event not processed yet. An event whose job waits (or failed for
 * good, kept for inspection) keeps that job (same job id).
 */
@Injectable()
export class RequeueUnprocessedEvents extends PeriodicRequeue {
  constructor(
    private readonly events: ProviderEventsRepository,
    private readonly jobs: JobQueues,
  ) {
    super(new Logger(RequeueUnprocessedEvents.name), 'provider events');
  }

  protected async requeue(): Promise<number> {
    const pending = await this.events.unprocessedIds(BATCH);
    for (const eventId of pending) await this.jobs.enqueue(JOBS.processBillingEvent, { version: 1, eventId });
    return pending.length;
  }
}
