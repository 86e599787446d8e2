import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { AnalysisAttemptsRepository } from '../attempts/analysis-attempts.repository';
import type { ConsentSession } from '../session-records/consent-session.entity';
import { offersRetake } from '../session-records/session-rules';
import { type NewVerdict, outcomeRecord, type StoredVerdict, StoreVerdict } from '../verdicts/store-verdict';
import { type OfferedRetake, RetakeOffer } from './retake-offer';

/** What an attempt's outcome committed: its verdict, or a retake offer, or nothing (it was stored already). */
export interface StoredAttempt {
  stored: StoredVerdict | null;
  retake: OfferedRetake | null;
}

/**
 * Stores an analysis's outcome as the session's current attempt, once: an unclear outcome before the last attempt
 * offers a retake, any other is the verdict. The same whether the outcome arrives from the media worker or was held
 * for the partner's Yes.
 */
@Injectable()
export class StoreAttemptOutcome {
  constructor(
    private readonly attempts: AnalysisAttemptsRepository,
    private readonly storeVerdict: StoreVerdict,
    private readonly retakes: RetakeOffer,
  ) {}

  /** Inside the caller's transaction, with the session's row locked and awaiting this recording's analysis. */
  async store(
    transaction: Transaction,
    session: ConsentSession,
    outcome: NewVerdict & { videoAssetId: string },
  ): Promise<StoredAttempt> {
    const attempt = session.attempts;
    const inserted = await this.attempts.insertOnce(transaction, {
      ...outcomeRecord(outcome),
      sessionId: session.id,
      attempt,
      videoAssetId: outcome.videoAssetId,
    });
    if (!inserted) return { stored: null, retake: null };
    if (offersRetake(outcome.outcome, attempt)) {
      return { stored: null, retake: await this.retakes.offer(transaction, session, attempt, outcome.reasons) };
    }
    return { stored: await this.storeVerdict.store(transaction, session, outcome), retake: null };
  }

  /** Once the transaction has committed. */
  async announce({ stored, retake }: StoredAttempt): Promise<void> {
    await this.storeVerdict.announce(stored);
    await this.retakes.announce(retake);
  }
}
