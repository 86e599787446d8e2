import { JOBS, JobQueues } from '@app/queue';
import { Injectable } from '@nestjs/common';

/** The billing-events queue, where a stored provider event waits to be processed. */
@Injectable()
export class BillingEventQueue {
  constructor(private readonly jobs: JobQueues) {}

  /** The stored row's id only, which is also the job id: adding an event's job again is harmless. */
  enqueue(eventId: string): Promise<void> {
    return this.jobs.enqueue(JOBS.processBillingEvent, { version: 1, eventId }, { jobId: eventId });
  }
}
