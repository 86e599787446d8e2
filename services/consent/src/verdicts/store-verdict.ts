import type { NameCheck } from '@app/contracts';
import type { Transaction } from '@app/database';
import { METRICS } from '@app/metrics';
import type { SessionChange } from '@app/queue';
import { Injectable } from '@nestjs/common';
import { AuditEntriesRepository } from '../audit/audit-entries.repository';
import { AuditContext, AuditLogService } from '../audit/audit-log.service';
import { SessionUpdates } from '../events/session-updates';
import { ConsentSession } from '../session-records/consent-session.entity';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { decidingValue, verdictChanges, type VerdictOutcome } from '../session-records/session-rules';
import { TextDispatch } from '../text-messages/text-dispatch';
import { VerdictTexts } from './verdict-texts';
import { VerdictsRepository } from './verdicts.repository';

export interface NewVerdict {
  outcome: VerdictOutcome;
  reasons: string[];
  videoAssetId: string | null;
  transcript?: string | null;
  recogniser?: string | null;
  nameCheck?: NameCheck | null;
  timingsMs?: Record<string, number>;
}

/** What an outcome's row keeps of it (a verdict, an attempt, a held result): absent parts stored as none. */
export function outcomeRecord({ outcome, reasons, transcript, recogniser, nameCheck, timingsMs }: NewVerdict) {
  return {
    outcome,
    reasons,
    transcript: transcript ?? null,
    recogniser: recogniser ?? null,
    nameCheck: nameCheck ?? null,
    timingsMs: timingsMs ?? {},
  };
}

/** A verdict as committed, with what must happen once the transaction has committed. */
export interface StoredVerdict {
  session: ConsentSession;
  outcome: VerdictOutcome;
  /** When the partner's decision was submitted (its audit row), for the verdict's latency. */
  submittedAt: Date | null;
  change: SessionChange;
  /** The text messages written to the outbox with the verdict, sent once it has committed. */
  textMessageIds: string[];
}

/**
 * The one way a session gets its verdict, whoever reaches it (the partner's No, the analysis, a failed analysis):
 * the verdict row, the session's status and the audit rows commit together, and a session never gets two verdicts.
 */
@Injectable()
export class StoreVerdict {
  constructor(
    private readonly verdicts: VerdictsRepository,
    private readonly sessions: ConsentSessionsRepository,
    private readonly audit: AuditLogService,
    private readonly auditEntries: AuditEntriesRepository,
    private readonly updates: SessionUpdates,
    private readonly texts: VerdictTexts,
    private readonly dispatch: TextDispatch,
  ) {}

  /**
   * Inside the caller's transaction, with the session's row locked by it. Null when the session has a verdict
   * already: the first one stands and nothing changes.
   */
  async store(
    transaction: Transaction,
    session: ConsentSession,
    verdict: NewVerdict,
    context: AuditContext = {},
  ): Promise<StoredVerdict | null> {
    const { outcome, reasons, videoAssetId } = verdict;
    const inserted = await this.verdicts.insertOnce(transaction, {
      ...outcomeRecord(verdict),
      sessionId: session.id,
      videoAssetId,
      phoneVerifiedAt: session.phoneVerifiedAt,
    });
    if (!inserted) return null;
    const changes = verdictChanges(outcome, session, new Date());
    await this.sessions.update(transaction, session.id, changes);
    const failed = outcome === 'failed';
    await this.audit.append(
      transaction,
      session.id,
      failed ? 'analysis_failed' : 'verdict_stored',
      { outcome, reasons: reasons.join(',') },
      context,
    );
    await this.audit.append(
      transaction,
      session.id,
      'status_changed',
      { from: decidingValue(session), to: changes.aiVerdict },
      context,
    );
    const updated = await this.sessions.get(transaction, session.id);
    const submittedAt = await this.auditEntries.lastTimeOf(transaction, session.id, 'decision_submitted');
    await this.updates.record(transaction, updated, failed ? 'analysis_failed' : 'verdict');
    if (failed) return { session: updated, outcome, submittedAt, change: 'analysis_failed', textMessageIds: [] };
    return {
      session: updated,
      outcome,
      submittedAt,
      change: 'verdict',
      textMessageIds: await this.texts.prepare(transaction, updated),
    };
  }

  /**
   * After commit: the verdict's latency is recorded (a verdict that did not commit is never counted), the screens
   * watching the session are told, then the text messages go out (from their queue).
   */
  async announce(stored: StoredVerdict | null): Promise<void> {
    if (!stored) return;
    if (stored.submittedAt)
      METRICS.verdictLatency.observe({ outcome: stored.outcome }, (Date.now() - stored.submittedAt.getTime()) / 1000);
    await this.updates.publish(stored.session, stored.change);
    await this.dispatch.dispatch(stored.textMessageIds);
  }
}
