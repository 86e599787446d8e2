import { UnitOfWork } from '@app/database';
import { PeriodicRequeue } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';
import { HeldAnalysesRepository } from '../held-analysis-records/held-analyses.repository';
import { HeldTakes } from '../held-analysis-records/held-takes';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { submissionRefusal } from '../session-records/session-rules';
import { HeldRecordings } from './held-recordings';

/** Takes discarded per pass at most; the rest wait for the next minute. */
const BATCH = 100;

/**
 * A take stored for an answer that can no longer come (the page closed without saying so, or while uploading; the link
 * lapsed; the partner refused another way): its held result, if any, is discarded (`abandoned`) and its recording
 * deleted, at start and every minute. Each is re-checked under its session's row lock, so a take answered meanwhile
 * stays.
 */
@Injectable()
export class DiscardAbandonedTakes extends PeriodicRequeue {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: ConsentSessionsRepository,
    private readonly held: HeldAnalysesRepository,
    private readonly heldTakes: HeldTakes,
    private readonly recordings: HeldRecordings,
  ) {
    super(new Logger(DiscardAbandonedTakes.name), 'abandoned held takes', 'Discarded');
  }

  protected async requeue(): Promise<number> {
    const now = new Date();
    const abandoned = await this.held.unansweredOfClosedSessions(now, BATCH);
    for (const { sessionId, videoAssetId } of abandoned) {
      if (await this.discard(sessionId, videoAssetId, now)) await this.recordings.delete(sessionId, [videoAssetId]);
    }
    return abandoned.length;
  }

  private discard(sessionId: string, videoAssetId: string, now: Date): Promise<boolean> {
    return this.unitOfWork.run(async (transaction) => {
      const session = await this.sessions.find({ id: sessionId }, transaction);
      if (!session || submissionRefusal(session, now) === null) return false;
      const take = await this.held.find(sessionId, videoAssetId, transaction);
      if (!take) return this.heldTakes.discardNeverHeld(transaction, sessionId, videoAssetId);
      if (take.state !== 'analysing' && take.state !== 'held') return false;
      await this.heldTakes.discard(transaction, sessionId, videoAssetId, 'abandoned');
      return true;
    });
  }
}
