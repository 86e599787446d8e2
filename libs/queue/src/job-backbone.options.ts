import type { WorkerOptions } from 'bullmq';
import type { ServiceName } from './job-contracts';
import type { QueueName } from './queue-names';

export const JOB_BACKBONE_OPTIONS = Symbol('JOB_BACKBONE_OPTIONS');

/** How a queue's worker runs in this service; concurrency 1 unless said. */
export type WorkerTuning = Pick<WorkerOptions, 'concurrency' | 'lockDuration' | 'stalledInterval'>;

export interface JobBackboneOptions {
  /** Which row of the contracts' table this process is: what it may add, and what it handles. */
  service: ServiceName;
  redisUrl: string;
  redisPrefix: string;
  workers?: Partial<Record<QueueName, WorkerTuning>>;
}
