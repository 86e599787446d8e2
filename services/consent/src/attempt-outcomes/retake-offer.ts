import type { Transaction } from '@app/database';
import { Inject, Injectable } from '@nestjs/common';
import { AuditLogService } from '../audit/audit-log.service';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';
import { SessionUpdates } from '../events/session-updates';
import type { ConsentSession } from '../session-records/consent-session.entity';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { retakeDeadline } from '../session-records/session-rules';

/** A retake offered, with what must happen once the transaction has committed. */
export interface OfferedRetake {
  session: Pick<ConsentSession, 'id' | 'initiatorUserId'>;
  attempt: number;
}

/**
 * An unclear attempt that is not the last: instead of a verdict, the partner may record again until the retake window
 * closes (RETAKE_WINDOW_MINUTES). The session stays `processing` and no text goes out. Both screens are told (the push
 * `retake_requested`, once per attempt): the partner's offers the retake, the member's says that their partner is
 * recording again (`retakeUntil`), never why.
 */
@Injectable()
export class RetakeOffer {
  constructor(
    private readonly sessions: ConsentSessionsRepository,
    private readonly audit: AuditLogService,
    private readonly updates: SessionUpdates,
    @Inject(CONSENT_CONFIG) private readonly config: ConsentConfig,
  ) {}

  /** Inside the caller's transaction, with the session's row locked by it. The audit row names no transcript. */
  async offer(
    transaction: Transaction,
    session: ConsentSession,
    attempt: number,
    reasons: string[],
  ): Promise<OfferedRetake> {
    await this.sessions.update(transaction, session.id, {
      retakeUntil: retakeDeadline(new Date(), this.config.RETAKE_WINDOW_MINUTES),
    });
    await this.audit.append(transaction, session.id, 'attempt_unclear', { attempt, reasons: reasons.join(',') });
    await this.updates.record(transaction, session, 'retake_requested', attempt);
    return { session, attempt };
  }

  /** After commit. */
  async announce(offered: OfferedRetake | null): Promise<void> {
    if (offered) await this.updates.publish(offered.session, 'retake_requested', offered.attempt);
  }
}
