import { Injectable, Logger } from '@nestjs/common';
import { AnalysisQueue } from '../queue/analysis-queue';
import { PeriodicRequeue } from '../queue/periodic-requeue';
import { ConsentSessionsRepository } from '../sessions/consent-sessions.repository';

/**
 * A submission commits before its job is queued; if the process dies in between, this puts the job back: at start
 * and then every minute.
 */
@Injectable()
export class RequeueProcessingSessions extends PeriodicRequeue {
  constructor(
    private readonly sessionRepository: ConsentSessionsRepository,
    private readonly queue: AnalysisQueue,
  ) {
    super(new Logger(RequeueProcessingSessions.name), 'analyses');
  }

  /** Adds the analysis job again for every session still waiting for its verdict; a job already queued stays as it is. */
  protected async requeue(): Promise<number> {
    const waiting = await this.sessionRepository.waitingForAnalysis();
    for (const session of waiting) await this.queue.enqueueAnalysis(session.id, session.videoAssetId);
    return waiting.length;
  }
}
