import { JOBS, JobQueues, QUEUES } from '@app/queue';
import { Injectable } from '@nestjs/common';

/**
 * Each analysis attempt of a session has a job id of its own, `<sessionId>.<attempt>`: adding an attempt's job again
 * (see the requeue task) is harmless, and a retake is a new job rather than the completed one BullMQ still holds.
 */
export const analysisJobId = (sessionId: string, attempt: number): string => `${sessionId}.${attempt}`;

/**
 * Attempts of one analysis, 2 s, 4 s ... 128 s apart (about four minutes in all): the worker reads its input from
 * this service, and a restart of it (or of Postgres) must not spend the retries and fail a recording that was fine.
 */
export const ANALYSIS_ATTEMPTS = 8;

/** The media-analysis queue, where a submitted recording waits for the media worker. */
@Injectable()
export class AnalysisQueue {
  constructor(private readonly jobs: JobQueues) {}

  /** Ids only: the attempt is in the job's id, the recording names it to the worker. */
  enqueueAnalysis(sessionId: string, videoAssetId: string, attempt: number): Promise<void> {
    return this.jobs.enqueue(JOBS.analyzeRecording, { version: 1, sessionId, videoAssetId }, {
      jobId: analysisJobId(sessionId, attempt),
      attempts: ANALYSIS_ATTEMPTS,
      backoff: { type: 'exponential', delay: 2000 },
    });
  }

  /** Whether an attempt's analysis failed for good (its retries are used up, or it could never succeed). */
  async hasFailed(sessionId: string, attempt: number): Promise<boolean> {
    return (await this.jobs.queue(QUEUES.mediaAnalysis).getJobState(analysisJobId(sessionId, attempt))) === 'failed';
  }
}
