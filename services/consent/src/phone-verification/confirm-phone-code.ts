import type { PhoneCodeConfirmation, ConsentSession as SessionJson } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { Injectable } from '@nestjs/common';
import { AuditLogService } from '../audit/audit-log.service';
import type { CallerContext } from '../http/caller-context';
import type { ConsentSession } from '../sessions/consent-session.entity';
import { ConsentSessionsRepository } from '../sessions/consent-sessions.repository';
import { assertOpen } from '../sessions/session-errors';
import { SessionsService } from '../sessions/sessions.service';
import { TextMessagesRepository } from '../text-messages/text-messages.repository';
import { phoneCodeMatches, SPENT_CODE_TEXT } from './phone-code';
import { assertCodeUsable, wrongCode } from './phone-verification-rules';
import { PhoneVerificationsRepository } from './phone-verifications.repository';

type Checked = { kind: 'verified'; session: ConsentSession } | { kind: 'wrong'; failedTries: number };

/**
 * POST /sessions/:id/phone-verification/confirm: the code the partner typed. The right one, in time and within its 5
 * tries, proves the number: it becomes the session's `recipientPhone` with `phoneVerifiedAt`, which recording needs.
 * A wrong one is counted in its own commit before the 400 (a refusal must not roll its own count back). Confirming
 * again once verified answers the session as it is.
 */
@Injectable()
export class ConfirmPhoneCode {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: SessionsService,
    private readonly sessionRepository: ConsentSessionsRepository,
    private readonly verifications: PhoneVerificationsRepository,
    private readonly texts: TextMessagesRepository,
    private readonly audit: AuditLogService,
  ) {}

  async run(id: string, { code }: PhoneCodeConfirmation, caller: CallerContext): Promise<SessionJson> {
    const now = new Date();
    const checked = await this.unitOfWork.run(async (transaction): Promise<Checked> => {
      const session = await this.sessions.partnerSession(id, caller, transaction);
      assertOpen(session, now);
      const verification = await this.verifications.find(transaction, session.id);
      if (verification?.verifiedAt) return { kind: 'verified', session };
      assertCodeUsable(verification, now);
      if (!(await phoneCodeMatches(code, verification.codeSalt, verification.codeHash))) {
        const failedTries = await this.verifications.recordFailedTry(transaction, session.id);
        await this.audit.append(transaction, session.id, 'phone_code_wrong', { try: failedTries }, caller.audit);
        return { kind: 'wrong', failedTries };
      }
      await this.verifications.markVerified(transaction, session.id, now);
      await this.sessionRepository.update(transaction, session.id, { recipientPhone: verification.phone, phoneVerifiedAt: now });
      await this.texts.replacePhoneCodeBodies(transaction, session.id, SPENT_CODE_TEXT);
      await this.audit.append(transaction, session.id, 'phone_verified', { send: verification.codesSent }, caller.audit);
      return { kind: 'verified', session: await this.sessionRepository.get(transaction, session.id) };
    });
    if (checked.kind === 'wrong') throw wrongCode(checked.failedTries);
    return this.sessions.presentToPartner(checked.session, now);
  }
}
