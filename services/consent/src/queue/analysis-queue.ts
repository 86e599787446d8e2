import { addJob, createQueue, JOBS, QUEUES, queueWiringFromUrl } from '@app/queue';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';

/** A session's analysis job id is the session id: adding a session's job again (see the requeue task) is harmless. */
export const analysisJobId = (sessionId: string): string => sessionId;

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

  /** Ids only. */
  enqueueAnalysis(sessionId: string, videoAssetId: string): Promise<void> {
    return addJob(this.queue, JOBS.analyzeRecording, { version: 1, sessionId, videoAssetId }, { jobId: analysisJobId(sessionId) });
  }

  /** Whether the session's analysis failed for good (its retries are used up, or it could never succeed). */
  async hasFailed(sessionId: string): Promise<boolean> {
    return (await this.queue.getJobState(analysisJobId(sessionId))) === 'failed';
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
