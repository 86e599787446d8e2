import { addJob, createQueue, JOBS, QUEUES, queueWiringFromUrl } from '@app/queue';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';

/**
 * Each analysis attempt of a session has a job id of its own, `<sessionId>.<attempt>`: adding an attempt's job again
 * (see the requeue task) is harmless, and a retake is a new job rather than the completed one BullMQ still holds.
 */
export const analysisJobId = (sessionId: string, attempt: number): string => `${sessionId}.${attempt}`;

/** The media-analysis queue, where a submitted recording waits for the media worker. */
@Injectable()
export class AnalysisQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(AnalysisQueue.name);
  readonly queue: Queue;

  constructor(@Inject(CONSENT_CONFIG) config: ConsentConfig) {
    this.queue = createQueue(QUEUES.mediaAnalysis, queueWiringFromUrl(config.REDIS_URL, config.REDIS_PREFIX));
    // Without a listener, a connection error would be thrown as an unhandled 'error' event and end the process.
    this.queue.on('error', (error) => this.logger.warn(`media-analysis queue: ${error.message}`));
  }

  /** Ids only: the attempt is in the job's id, the recording names it to the worker. */
  enqueueAnalysis(sessionId: string, videoAssetId: string, attempt: number): Promise<void> {
    return addJob(this.queue, JOBS.analyzeRecording, { version: 1, sessionId, videoAssetId }, { jobId: analysisJobId(sessionId, attempt) });
  }

  /** Whether an attempt's analysis failed for good (its retries are used up, or it could never succeed). */
  async hasFailed(sessionId: string, attempt: number): Promise<boolean> {
    return (await this.queue.getJobState(analysisJobId(sessionId, attempt))) === 'failed';
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
