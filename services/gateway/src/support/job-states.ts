import type { SupportJob, SupportJobRef, SupportJobState } from '@app/contracts';
import { isQueueName, JobQueues } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';

/** Reads jobs' states from BullMQ, for the support lookup, through the gateway's shared queue handles. */
@Injectable()
export class JobStates {
  private readonly logger = new Logger(JobStates.name);

  constructor(private readonly queues: JobQueues) {}

  /** Each job with its state: `removed` when BullMQ no longer has it, `unknown` when its queue cannot be asked. */
  of(jobs: SupportJobRef[]): Promise<SupportJob[]> {
    return Promise.all(jobs.map(async (job) => ({ ...job, state: await this.stateOf(job) })));
  }

  private async stateOf({ queue: name, id }: SupportJobRef): Promise<SupportJobState> {
    if (!isQueueName(name)) return 'unknown';
    try {
      const job = await this.queues.queue(name).getJob(id);
      return job ? await job.getState() : 'removed';
    } catch (error) {
      this.logger.warn(`${name} job state not read: ${(error as Error).message}`);
      return 'unknown';
    }
  }
}
