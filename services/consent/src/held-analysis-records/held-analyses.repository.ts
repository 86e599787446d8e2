import type { HeldDiscardReason, NameCheck } from '@app/contracts';
import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { VerdictOutcome } from '../session-records/session-rules';
import { HeldAnalysis } from './held-analysis.entity';

const OPEN = In(['analysing', 'held']);

/** What a held analysis found, as its report gives it. */
export interface HeldResult {
  outcome: VerdictOutcome;
  reasons: string[];
  transcript: string | null;
  recogniser: string | null;
  nameCheck: NameCheck | null;
  timingsMs: Record<string, number>;
}

/** Cleared when a take is answered or discarded: only its fate and times stay. */
const CLEARED = {
  typedName: null,
  outcome: null,
  reasons: null,
  transcript: null,
  recogniser: null,
  nameCheck: null,
  timingsMs: null,
} as const;

/** The queries of `held_analyses`; callers hold their session's row lock. */
@Injectable()
export class HeldAnalysesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A take's held analysis, if one was asked for (in the transaction, when given one). */
  find(sessionId: string, videoAssetId: string, transaction?: Transaction): Promise<HeldAnalysis | null> {
    return (transaction ?? this.dataSource.manager).findOneBy(HeldAnalysis, { sessionId, videoAssetId });
  }

  /** A take's held analysis, once: false when the take has one already (a repeated request). */
  async insertOnce(
    transaction: Transaction,
    row: Pick<HeldAnalysis, 'videoAssetId' | 'sessionId' | 'typedName'>,
  ): Promise<boolean> {
    return this.insertIfAbsent(transaction, { ...row, state: 'analysing', requestedAt: new Date() });
  }

  /** The session's takes whose analysis is running or held: at most one, as a new take discards the one before. */
  openOfSession(transaction: Transaction, sessionId: string): Promise<HeldAnalysis[]> {
    return transaction.findBy(HeldAnalysis, { sessionId, state: OPEN });
  }

  /** Keeps a finished analysis's result for the partner's answer; false unless it was still running. */
  async hold(transaction: Transaction, videoAssetId: string, result: HeldResult): Promise<boolean> {
    const updated = await transaction.update(
      HeldAnalysis,
      { videoAssetId, state: 'analysing' },
      {
        ...result,
        state: 'held',
      },
    );
    return Boolean(updated.affected);
  }

  /** The take was answered (its result published, or wanted from the running analysis, or dropped by a No). */
  async answered(transaction: Transaction, videoAssetId: string): Promise<void> {
    await transaction.update(HeldAnalysis, { videoAssetId }, { ...CLEARED, state: 'answered', endedAt: new Date() });
  }

  async discard(transaction: Transaction, videoAssetId: string, reason: HeldDiscardReason): Promise<void> {
    await transaction.update(
      HeldAnalysis,
      { videoAssetId },
      { ...CLEARED, state: 'discarded', discardReason: reason, endedAt: new Date() },
    );
  }

  /**
   * Takes of sessions that can take no answer now (answered another way, decided, lapsed) that were never submitted:
   * held and never answered, or stored and never held (the page went away while uploading). Their pages are gone or
   * past answering, and nothing else will ever discard them. Oldest first, of the last day: a session closes within
   * the hour its take was stored (unanswered ones lapse, retakes have a window), and the pass runs every minute.
   */
  async unansweredOfClosedSessions(
    now: Date,
    limit: number,
  ): Promise<Pick<HeldAnalysis, 'sessionId' | 'videoAssetId'>[]> {
    return (await this.dataSource.query(
      `SELECT asset.session_id AS "sessionId", asset.id AS "videoAssetId"
         FROM consent.video_assets asset
         JOIN consent.consent_sessions session ON session.id = asset.session_id
         LEFT JOIN consent.held_analyses held ON held.video_asset_id = asset.id
        WHERE asset.stored_at > $1::timestamptz - interval '1 day'
          AND (held.state IN ('analysing', 'held') OR (held.state IS NULL
               AND asset.id IS DISTINCT FROM session.video_asset_id
               AND NOT EXISTS (SELECT 1 FROM consent.analysis_attempts attempt WHERE attempt.video_asset_id = asset.id)))
          AND session.recording_deleted_at IS NULL
          AND NOT (session.retake_until IS NOT NULL AND session.retake_until > $1)
          AND NOT (session.ai_verdict IS NULL AND session.consent_status = 'pending' AND session.expires_at > $1)
        ORDER BY asset.stored_at
        LIMIT $2`,
      [now, limit],
    )) as Pick<HeldAnalysis, 'sessionId' | 'videoAssetId'>[];
  }

  /** A take never held, discarded unanswered: recorded as a held analysis that ended so, once. */
  async insertDiscarded(
    transaction: Transaction,
    row: Pick<HeldAnalysis, 'videoAssetId' | 'sessionId' | 'discardReason'>,
  ): Promise<boolean> {
    const now = new Date();
    return this.insertIfAbsent(transaction, { ...row, state: 'discarded', requestedAt: now, endedAt: now });
  }

  /** One row per take: false when the take has one already, which stays as it is. */
  private async insertIfAbsent(transaction: Transaction, row: Partial<HeldAnalysis>): Promise<boolean> {
    const result = await transaction
      .createQueryBuilder()
      .insert()
      .into(HeldAnalysis)
      .values(row)
      .orIgnore()
      .returning('video_asset_id')
      .execute();
    return (result.raw as unknown[]).length > 0;
  }
}
