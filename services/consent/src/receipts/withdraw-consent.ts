import { API_ERRORS } from '@app/contracts';
import { type Transaction, UnitOfWork } from '@app/database';
import { ApiException } from '@app/http';
import { Injectable } from '@nestjs/common';
import { AuditContext, AuditLogService } from '../audit/audit-log.service';
import { SessionUpdates } from '../events/session-updates';
import type { ConsentSession } from '../session-records/consent-session.entity';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { TextDispatch } from '../text-messages/text-dispatch';
import { TextMessagesRepository } from '../text-messages/text-messages.repository';
import { withdrawalStep } from './receipt-rules';
import { withdrawalText } from './withdrawal-text';

/** How the partner reached the withdrawal: their receipt's secret, or the link's token on the result screen. */
export type WithdrawalRoute = 'receipt' | 'link';

/**
 * The partner withdraws a granted consent: the time, its audit row and the member's text commit together under the
 * session's row lock; after commit the screens watching the session are told and the text goes out. Idempotent: a
 * second withdrawal changes nothing, audits nothing and texts nobody, and answers the session as it stands.
 */
@Injectable()
export class WithdrawConsent {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: ConsentSessionsRepository,
    private readonly audit: AuditLogService,
    private readonly messages: TextMessagesRepository,
    private readonly texts: TextDispatch,
    private readonly updates: SessionUpdates,
  ) {}

  async run(sessionId: string, via: WithdrawalRoute, context: AuditContext): Promise<ConsentSession> {
    const outcome = await this.unitOfWork.run(async (transaction) => {
      await this.sessions.lock(transaction, sessionId);
      const session = await this.sessions.get(transaction, sessionId);
      const step = withdrawalStep(session);
      if (step === 'not_granted') throw new ApiException(API_ERRORS.consentNotGranted);
      if (step === 'already_withdrawn') return { session, textMessageIds: null };
      await this.sessions.update(transaction, sessionId, { withdrawnAt: new Date() });
      await this.audit.append(transaction, sessionId, 'consent_withdrawn', { via }, context);
      const withdrawn = await this.sessions.get(transaction, sessionId);
      await this.updates.record(transaction, withdrawn, 'withdrawn');
      return { session: withdrawn, textMessageIds: await this.prepareText(transaction, withdrawn) };
    });
    if (outcome.textMessageIds) {
      await this.updates.publish(outcome.session, 'withdrawn');
      await this.texts.dispatch(outcome.textMessageIds);
    }
    return outcome.session;
  }

  /**
   * Inside the withdrawal's transaction: the member's text that their partner withdrew consent (when the gateway passed
   * the member's number), once per session. Answers the ids of the session's texts now pending, for `dispatch`.
   */
  private async prepareText(transaction: Transaction, session: ConsentSession): Promise<string[]> {
    if (session.initiatorPhone) {
      await this.messages.insertMissing(transaction, [
        {
          sessionId: session.id,
          recipient: 'member',
          purpose: 'withdrawal',
          phone: session.initiatorPhone,
          body: withdrawalText(session),
        },
      ]);
    }
    return this.messages.pendingIdsOf(transaction, session.id);
  }
}
