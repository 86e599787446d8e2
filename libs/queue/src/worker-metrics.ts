import { METRICS, QUEUE_STATES, trackQueueDepth } from '@app/metrics';
import { type Job, Queue, UnrecoverableError, type Worker } from 'bullmq';
import type { QueueWiring } from './job-queue';

/** A failed attempt is the last when it cannot be retried: unrecoverable, or no attempt left (counted after it). */
export function isFinalFailure(job: Pick<Job, 'attemptsMade' | 'opts'>, error: Error): boolean {
  return (
    error instanceof UnrecoverableError ||
    error.name === 'UnrecoverableError' ||
    job.attemptsMade >= (job.opts.attempts ?? 1)
  );
}

/** Times one attempt of a handler into `ciq_job_duration_seconds`, completed or failed. */
export async function timedAttempt(queue: string, job: string, attempt: () => Promise<void>): Promise<void> {
  const end = METRICS.jobDuration.startTimer({ queue, job });
  try {
    await attempt();
    end({ outcome: 'completed' });
  } catch (error) {
    end({ outcome: 'failed' });
    throw error;
  }
}

/**
 * Failed and stalled jobs of a worker's queue, and the queue's depth at every scrape for as long as the worker runs.
 * The depth is read through a Queue of its own, opened at the first scrape and closed with the worker.
 */
export function observeWorker(worker: Worker, wiring: QueueWiring, jobLabel: (name: string) => string): void {
  const queue = worker.name;
  worker.on('failed', (job, error) => {
    if (job) METRICS.jobsFailed.inc({ queue, job: jobLabel(job.name), final: String(isFinalFailure(job, error)) });
  });
  worker.on('stalled', () => METRICS.jobsStalled.inc({ queue }));
  let counter: Queue | undefined;
  const untrack = trackQueueDepth(queue, () => {
    counter ??= new Queue(queue, { connection: wiring.connection, prefix: wiring.prefix });
    return counter.getJobCounts(...QUEUE_STATES);
  });
  worker.once('closed', () => {
    untrack();
    void counter?.close();
  });
}
