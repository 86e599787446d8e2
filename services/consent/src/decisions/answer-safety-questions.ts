import { API_ERRORS, type ConsentSession as SessionJson, type SafetyCheckRequest } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { ApiException } from '@app/http';
import { Injectable } from '@nestjs/common';
import { AuditLogService } from '../audit/audit-log.service';
import type { CallerContext } from '../http/caller-context';
import type { ConsentSession } from '../session-records/consent-session.entity';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { answeredBeforeSafetyCheck } from '../session-records/session-rules';
import { assertOpen } from '../sessions/session-errors';
import { SessionsService } from '../sessions/sessions.service';
import { type StoredVerdict, StoreVerdict } from '../verdicts/store-verdict';
import { detailsWithoutRecording } from './answer-details';
import { PRESSED_NO, PRESSED_NO_AUDIT, storedOrAnswered } from './pressed-no';
import { safetyAnswersEndSession } from './safety-answers';

/**
 * POST /sessions/:id/safety-check: the partner's private answers before recording, audited whatever they are. A No
 * to either ends the session exactly as a No before recording does (the same session changes, verdict, texts and
 * push), so nothing the member is shown, or can later obtain, tells the two apart. Only `safety_stopped_at`, read
 * for the partner's own view, and the audit row (never shown to the member) keep why.
 */
@Injectable()
export class AnswerSafetyQuestions {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: SessionsService,
    private readonly sessionRepository: ConsentSessionsRepository,
    private readonly audit: AuditLogService,
    private readonly storeVerdict: StoreVerdict,
  ) {}

  async run(id: string, request: SafetyCheckRequest, caller: CallerContext): Promise<SessionJson> {
    const now = new Date();
    const { freeToSayNo, clearHeaded } = request;
    const answered = await this.unitOfWork.run(async (transaction): Promise<ConsentSession | StoredVerdict> => {
      const session = await this.sessions.partnerSession(id, caller, transaction);
      assertOpen(session, now);
      if (answeredBeforeSafetyCheck(session)) throw new ApiException(API_ERRORS.alreadyAnswered);
      await this.audit.append(transaction, session.id, 'safety_answers', { freeToSayNo, clearHeaded }, caller.audit);
      if (!safetyAnswersEndSession(request)) {
        await this.sessionRepository.update(transaction, session.id, { safetyAnsweredAt: now });
        return this.sessionRepository.get(transaction, session.id);
      }
      const details = detailsWithoutRecording(session, request.recipientFullName, request.recipientPhone);
      await this.sessionRepository.update(transaction, session.id, {
        ...details,
        recipientDecision: 'no',
        safetyStoppedAt: now,
      });
      // The same audit row a pressed No writes: the certificate's answer time comes from it.
      await this.audit.append(transaction, session.id, 'decision_submitted', PRESSED_NO_AUDIT, caller.audit);
      // A No before recording's own verdict: its reasons reach the member (e.g. a certificate), so they must not tell.
      return storedOrAnswered(await this.storeVerdict.store(transaction, session, PRESSED_NO(null), caller.audit));
    });
    if (!('change' in answered)) return this.sessions.presentToPartner(answered, now);
    await this.storeVerdict.announce(answered);
    return this.sessions.presentToPartner(answered.session, now);
  }
}
