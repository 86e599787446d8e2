import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { AnalysisQueue } from '../queue/analysis-queue';
import { ConsentSessionsRepository } from '../sessions/consent-sessions.repository';
import { AnalysisResults } from './analysis-results';

const INTERVAL_MS = 60_000;

/**
 * A submission commits before its job is queued; if the process dies in between, this puts the job back: at start
 * and then every minute. A job that failed for good is not added again (BullMQ keeps its id, so it could not be):
 * its session gets the failed state, in case the worker could not report the failure itself.
 */
@Injectable()
export class RequeueProcessingSessions implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RequeueProcessingSessions.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly sessionRepository: ConsentSessionsRepository,
    private readonly queue: AnalysisQueue,
    private readonly results: AnalysisResults,
  ) {}

  onApplicationBootstrap(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), INTERVAL_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; a failure (Redis away) is logged and the next pass tries again. */
  run(): Promise<void> {
    this.running ??= this.requeue()
      .then((count) => {
        if (count > 0) this.logger.log(`Re-queued the analysis of ${count} session(s)`);
      })
      .catch((error: Error) => this.logger.warn(`Re-queueing analyses failed: ${error.message}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** Adds the analysis job again for every session still waiting for its verdict; a job already queued stays as it is. */
  private async requeue(): Promise<number> {
    const waiting = await this.sessionRepository.waitingForAnalysis();
    for (const { id, videoAssetId } of waiting) {
      if (await this.queue.hasFailed(id)) await this.results.record(id, videoAssetId, { outcome: 'failed', reasons: ['analysis_failed'], videoAssetId });
      else await this.queue.enqueueAnalysis(id, videoAssetId);
    }
    return waiting.length;
  }
}
