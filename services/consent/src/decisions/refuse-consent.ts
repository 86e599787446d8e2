import { API_ERRORS, type ConsentSession as SessionJson, type StatusUpdateRequest } from '@app/contracts';
import { ApiException } from '@app/http';
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@app/database';
import { AuditLogService } from '../audit/audit-log.service';
import { SessionUpdates } from '../events/session-updates';
import type { CallerContext } from '../http/caller-context';
import { ConsentSessionsRepository } from '../sessions/consent-sessions.repository';
import { assertOpen } from '../sessions/session-errors';
import { decidingValue } from '../sessions/session-rules';
import { presentSession } from '../sessions/session.presenter';
import { SessionsService } from '../sessions/sessions.service';

/** PATCH /sessions/:id/status. Only a refusal is taken here: nothing but the recording's analysis grants consent. */
@Injectable()
export class RefuseConsent {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: SessionsService,
    private readonly sessionRepository: ConsentSessionsRepository,
    private readonly audit: AuditLogService,
    private readonly updates: SessionUpdates,
  ) {}

  async run(id: string, update: StatusUpdateRequest, caller: CallerContext): Promise<SessionJson> {
    const now = new Date();
    const session = await this.unitOfWork.run(async (transaction) => {
      const session = await this.sessions.partnerSession(id, caller, transaction);
      if (update.status === 'granted') throw new ApiException(API_ERRORS.grantNeedsRecording);
      assertOpen(session, now);
      await this.sessionRepository.update(transaction, session.id, { recipientDecision: 'no', consentStatus: 'denied', aiVerdict: 'denied' });
      await this.audit.append(transaction, session.id, 'decision_submitted', { decision: 'no', withRecording: false }, caller.audit);
      await this.audit.append(transaction, session.id, 'status_changed', { from: decidingValue(session), to: 'denied' }, caller.audit);
      return this.sessionRepository.get(transaction, session.id);
    });
    // After commit: the member's screen hears of the refusal at once (its polling shows it should this be lost).
    await this.updates.publish(session, 'verdict');
    return presentSession(session, now);
  }
}
