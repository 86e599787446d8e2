import { Injectable, Logger } from '@nestjs/common';
import { AnalysisQueue } from '../queue/analysis-queue';
import { PeriodicRequeue } from '@app/queue';
import { ConsentSessionsRepository } from '../sessions/consent-sessions.repository';
import { AnalysisResults } from './analysis-results';

/**
 * A submission commits before its job is queued; if the process dies in between, this puts the job back: at start
 * and then every minute. A job that failed for good is not added again (BullMQ keeps its id, so it could not be):
 * its session gets the failed state, in case the worker could not report the failure itself. A session waiting for
 * a retake has no analysis to wait for, so nothing is added for it.
 */
@Injectable()
export class RequeueProcessingSessions extends PeriodicRequeue {
  constructor(
    private readonly sessionRepository: ConsentSessionsRepository,
    private readonly queue: AnalysisQueue,
    private readonly results: AnalysisResults,
  ) {
    super(new Logger(RequeueProcessingSessions.name), 'analyses');
  }

  /** Adds the current attempt's job again for every session waiting for its analysis; a job already queued stays as it is. */
  protected async requeue(): Promise<number> {
    const waiting = await this.sessionRepository.waitingForAnalysis();
    for (const { id, videoAssetId, attempt } of waiting) {
      if (await this.queue.hasFailed(id, attempt)) await this.results.record(id, videoAssetId, { outcome: 'failed', reasons: ['analysis_failed'], videoAssetId });
      else await this.queue.enqueueAnalysis(id, videoAssetId, attempt);
    }
    return waiting.length;
  }
}
