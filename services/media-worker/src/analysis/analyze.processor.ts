import { type JobPayload, JOBS, OnJob } from '@app/queue';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import { MEDIA_WORKER_CONFIG, MediaWorkerConfig } from '../config/media-worker-config.schema';
import { ConsentClient } from '../consent/consent-client';
import { MediaRejectedError } from '../media/media-rejected.error';
import { type AnalysisTarget, AnalyzeRecording } from './analyze-recording';

/**
 * The media-analysis queue's consumer: an answered take's analysis, and a held one's (the take the partner reviews). Transient faults are rethrown, so BullMQ retries them with backoff; a
 * recording that can never be analysed fails at once. When a job fails for good, the session is told (failed
 * state on both screens); should that report not get through, the consent service's requeue pass sees the failed
 * job and does the same.
 */
@Injectable()
export class AnalyzeProcessor {
  private readonly logger = new Logger(AnalyzeProcessor.name);

  constructor(
    @Inject(MEDIA_WORKER_CONFIG) private readonly config: MediaWorkerConfig,
    private readonly analyze: AnalyzeRecording,
    private readonly consent: ConsentClient,
  ) {}

  @OnJob(JOBS.analyzeRecording)
  analyzeAnswered({ sessionId, videoAssetId }: JobPayload<typeof JOBS.analyzeRecording>, job: Job): Promise<void> {
    return this.handle({ sessionId, videoAssetId, held: false }, job);
  }

  @OnJob(JOBS.analyzeHeldRecording)
  analyzeHeld({ sessionId, videoAssetId }: JobPayload<typeof JOBS.analyzeHeldRecording>, job: Job): Promise<void> {
    return this.handle({ sessionId, videoAssetId, held: true }, job);
  }

  private async handle(target: AnalysisTarget, job: Job): Promise<void> {
    try {
      await this.analyze.run(target, AbortSignal.timeout(this.config.JOB_TIMEOUT_MS));
    } catch (error) {
      const permanent = error instanceof MediaRejectedError || error instanceof UnrecoverableError;
      if (permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.reportFailure(target, error);
      throw error instanceof MediaRejectedError ? new UnrecoverableError(error.message) : error;
    }
  }

  private async reportFailure({ sessionId, videoAssetId, held }: AnalysisTarget, error: unknown): Promise<void> {
    const code = error instanceof MediaRejectedError ? error.code : 'analysis_failed';
    this.logger.warn(`Analysis of session ${sessionId} failed for good (${code})`);
    await this.consent
      .reportFailure(sessionId, { videoAssetId, code, held })
      .catch((reportError: Error) =>
        this.logger.warn(
          `Failure of session ${sessionId} not reported yet (the requeue pass will): ${reportError.message}`,
        ),
      );
  }
}
