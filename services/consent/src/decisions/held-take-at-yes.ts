import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { StoreAttemptOutcome, type StoredAttempt } from '../attempt-outcomes/store-attempt-outcome';
import type { AuditContext } from '../audit/audit-log.service';
import { HeldAnalysesRepository } from '../held-analysis-records/held-analyses.repository';
import type { HeldAnalysis } from '../held-analysis-records/held-analysis.entity';
import { takeAtTap } from '../held-analysis-records/held-analysis-rules';
import { HeldTakes } from '../held-analysis-records/held-takes';
import type { ConsentSession } from '../session-records/consent-session.entity';
import type { NewVerdict } from '../verdicts/store-verdict';

/** What Yes did with its take's held analysis: published its result, or left the attempt to it (`awaiting`), or neither. */
export interface HeldAtYes {
  published: StoredAttempt | null;
  awaiting: boolean;
  /** For `ciq_held_analyses_total`, once committed; null without a held analysis, or one discarded (counted so). */
  fate: 'published' | 'awaited' | 'analysed_again' | null;
}

/**
 * The partner's Yes with a take analysed while they reviewed it, inside the answer's transaction with the session
 * counted as `processing` for its new attempt (`takeAtTap` decides): the held result is stored as the attempt's outcome
 * now, exactly as a worker's report would be; or the running analysis is left to report it; or the take is analysed
 * anew after the tap.
 */
@Injectable()
export class HeldTakeAtYes {
  constructor(
    private readonly held: HeldAnalysesRepository,
    private readonly heldTakes: HeldTakes,
    private readonly outcomes: StoreAttemptOutcome,
  ) {}

  async run(
    transaction: Transaction,
    session: ConsentSession,
    take: HeldAnalysis | null,
    answerName: string,
    context: AuditContext,
  ): Promise<HeldAtYes> {
    const atTap = takeAtTap(take, answerName);
    if (!take || atTap === 'analyse') {
      if (take) await this.held.answered(transaction, take.videoAssetId);
      return { published: null, awaiting: false, fate: take ? 'analysed_again' : null };
    }
    if (atTap === 'name_changed') {
      await this.heldTakes.discard(transaction, session.id, take.videoAssetId, 'name_changed', context);
      return { published: null, awaiting: false, fate: null };
    }
    await this.held.answered(transaction, take.videoAssetId);
    if (atTap === 'await') return { published: null, awaiting: true, fate: 'awaited' };
    const published = await this.outcomes.store(transaction, session, heldVerdict(take));
    return { published, awaiting: false, fate: 'published' };
  }
}

/** A held result, as the attempt's outcome (`takeAtTap` publishes only a take with one). */
function heldVerdict(take: HeldAnalysis): NewVerdict & { videoAssetId: string } {
  if (!take.outcome) throw new Error(`Held analysis of ${take.videoAssetId} published without a result`);
  return {
    outcome: take.outcome,
    reasons: take.reasons ?? [],
    videoAssetId: take.videoAssetId,
    transcript: take.transcript,
    recogniser: take.recogniser,
    nameCheck: take.nameCheck,
    timingsMs: take.timingsMs ?? {},
  };
}
