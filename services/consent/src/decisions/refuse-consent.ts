import { API_ERRORS, type ConsentSession as SessionJson, type StatusUpdateRequest } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { ApiException } from '@app/http';
import { Injectable } from '@nestjs/common';
import { AuditLogService } from '../audit/audit-log.service';
import type { CallerContext } from '../http/caller-context';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { assertOpen } from '../sessions/session-errors';
import { SessionsService } from '../sessions/sessions.service';
import { StoreVerdict } from '../verdicts/store-verdict';
import { detailsWithoutRecording } from './answer-details';
import { PRESSED_NO, PRESSED_NO_AUDIT, storedOrAnswered } from './pressed-no';

/**
 * PATCH /sessions/:id/status. Only a refusal is taken here (nothing but the recording's analysis grants consent), and
 * it is the verdict at once: a refusal never waits. It is also the partner's No instead of a retake. The partner's
 * name and phone, when the No comes after step 0, are stored as with any answer, so the verification text goes out.
 */
@Injectable()
export class RefuseConsent {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: SessionsService,
    private readonly sessionRepository: ConsentSessionsRepository,
    private readonly audit: AuditLogService,
    private readonly storeVerdict: StoreVerdict,
  ) {}

  async run(id: string, update: StatusUpdateRequest, caller: CallerContext): Promise<SessionJson> {
    const now = new Date();
    const stored = await this.unitOfWork.run(async (transaction) => {
      const session = await this.sessions.partnerSession(id, caller, transaction);
      if (update.status === 'granted') throw new ApiException(API_ERRORS.grantNeedsRecording);
      assertOpen(session, now);
      // The details of the first answer stand: a No instead of a retake comes with none, or keeps the stored ones.
      const details =
        session.recipientDecision === null
          ? detailsWithoutRecording(session, update.recipientFullName, update.recipientPhone)
          : {};
      await this.sessionRepository.update(transaction, session.id, { ...details, recipientDecision: 'no' });
      await this.audit.append(transaction, session.id, 'decision_submitted', PRESSED_NO_AUDIT, caller.audit);
      return storedOrAnswered(await this.storeVerdict.store(transaction, session, PRESSED_NO(null), caller.audit));
    });
    await this.storeVerdict.announce(stored);
    return this.sessions.presentToPartner(stored.session, now);
  }
}
