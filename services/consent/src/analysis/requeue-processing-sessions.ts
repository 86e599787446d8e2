import { JobQueues, JOBS, PeriodicRequeue } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { AnalysisResults } from './analysis-results';

const RUNNING = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

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
    private readonly jobs: JobQueues,
    private readonly results: AnalysisResults,
  ) {
    super(new Logger(RequeueProcessingSessions.name), 'analyses');
  }

  /** Adds the current attempt's job again for every session waiting for its analysis; a job already queued stays as it is. */
  protected async requeue(): Promise<number> {
    const waiting = await this.sessionRepository.waitingForAnalysis();
    for (const { id, videoAssetId, attempt } of waiting) {
      // Yes pressed while the take's held analysis ran: its report is the attempt's, unless its job is gone or failed.
      if (RUNNING.has(await this.jobs.stateOf(JOBS.analyzeHeldRecording, { sessionId: id, videoAssetId }))) continue;
      // Failed for good: its retries are used up, or it could never succeed.
      const failed = (await this.jobs.stateOf(JOBS.analyzeRecording, { sessionId: id, attempt })) === 'failed';
      if (failed)
        await this.results.record(id, videoAssetId, { outcome: 'failed', reasons: ['analysis_failed'], videoAssetId });
      else await this.jobs.enqueue(JOBS.analyzeRecording, { version: 2, sessionId: id, videoAssetId, attempt });
    }
    return waiting.length;
  }
}
