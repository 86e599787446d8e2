import type { WorkerOptions } from 'bullmq';
import type { ConcurrencySetting, ServiceName } from './job-contracts';
import type { QueueName } from './queue-names';

export const JOB_BACKBONE_OPTIONS = Symbol('JOB_BACKBONE_OPTIONS');

/** How long a queue's worker holds a job's lock, when not BullMQ's default; its concurrency is the table's. */
export type WorkerTuning = Pick<WorkerOptions, 'lockDuration' | 'stalledInterval'>;

/**
 * A service's configuration, as far as the backbone reads it: its Redis, and any variable the table names as a
 * worker's concurrency setting.
 */
export type JobBackboneConfig = { REDIS_URL: string; REDIS_PREFIX: string } & Partial<
  Record<ConcurrencySetting, number>
>;

/** What `JobBackboneModule.forRoot` takes. */
export interface JobBackboneOptions {
  /** Which row of the contracts' table this process is: what it may add, and what it handles. */
  service: ServiceName;
  config: JobBackboneConfig;
  workers?: Partial<Record<QueueName, WorkerTuning>>;
}
