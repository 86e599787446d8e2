import type { HeldDiscardReason } from '@app/contracts';
import type { Transaction } from '@app/database';
import { METRICS } from '@app/metrics';
import { Injectable } from '@nestjs/common';
import { type AuditContext, AuditLogService } from '../audit/audit-log.service';
import { HeldAnalysesRepository } from './held-analyses.repository';

/** Dropping held analyses unpublished, each audited; callers hold the session's row lock. */
@Injectable()
export class HeldTakes {
  constructor(
    private readonly held: HeldAnalysesRepository,
    private readonly audit: AuditLogService,
  ) {}

  /** Discards the session's open held analyses (all but `keep`'s); answers the takes discarded. */
  async discardOpen(
    transaction: Transaction,
    sessionId: string,
    reason: HeldDiscardReason,
    context?: AuditContext,
    keep?: string,
  ): Promise<string[]> {
    const open = await this.held.openOfSession(transaction, sessionId);
    const discarded = open.map((take) => take.videoAssetId).filter((id) => id !== keep);
    for (const videoAssetId of discarded) await this.discard(transaction, sessionId, videoAssetId, reason, context);
    return discarded;
  }

  async discard(
    transaction: Transaction,
    sessionId: string,
    videoAssetId: string,
    reason: HeldDiscardReason,
    context?: AuditContext,
  ): Promise<void> {
    await this.held.discard(transaction, videoAssetId, reason);
    await this.audited(transaction, sessionId, videoAssetId, reason, context);
  }

  /** A stored take never held (its page went while uploading), discarded as abandoned: false if it was already. */
  async discardNeverHeld(transaction: Transaction, sessionId: string, videoAssetId: string): Promise<boolean> {
    const reason = 'abandoned';
    if (!(await this.held.insertDiscarded(transaction, { sessionId, videoAssetId, discardReason: reason })))
      return false;
    await this.audited(transaction, sessionId, videoAssetId, reason);
    return true;
  }

  /** Counted as it is written: a discard whose transaction then fails is counted all the same (rare, and harmless). */
  private async audited(
    transaction: Transaction,
    sessionId: string,
    videoAssetId: string,
    reason: HeldDiscardReason,
    context?: AuditContext,
  ): Promise<void> {
    await this.audit.append(transaction, sessionId, 'held_analysis_discarded', { videoAssetId, reason }, context);
    METRICS.heldAnalyses.inc({ fate: reason });
  }
}
