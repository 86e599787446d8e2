import type { HeldAnalysisDiscard } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { Injectable } from '@nestjs/common';
import { HeldAnalysesRepository } from '../held-analysis-records/held-analyses.repository';
import { HeldTakes } from '../held-analysis-records/held-takes';
import type { CallerContext } from '../http/caller-context';
import { SessionsService } from '../sessions/sessions.service';
import { HeldRecordings } from './held-recordings';

/**
 * POST /sessions/:id/held-analysis/discard: the partner's page left, or records a new take. The take's held result
 * is dropped unpublished and its recording deleted. A take answered already (or never held) is left as it is, so the
 * call can be sent again, or late, without harm.
 */
@Injectable()
export class DiscardHeldAnalysis {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: SessionsService,
    private readonly held: HeldAnalysesRepository,
    private readonly heldTakes: HeldTakes,
    private readonly recordings: HeldRecordings,
  ) {}

  async run(sessionId: string, { videoAssetId, reason }: HeldAnalysisDiscard, caller: CallerContext): Promise<void> {
    const discarded = await this.unitOfWork.run(async (transaction) => {
      const session = await this.sessions.partnerSession(sessionId, caller, transaction);
      const take = await this.held.find(session.id, videoAssetId, transaction);
      if (take?.state !== 'analysing' && take?.state !== 'held') return null;
      await this.heldTakes.discard(transaction, session.id, take.videoAssetId, reason, caller.audit);
      return session.id;
    });
    if (discarded) await this.recordings.delete(discarded, [videoAssetId]);
  }
}
