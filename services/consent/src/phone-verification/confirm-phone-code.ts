import { API_ERRORS, type ConsentSession as SessionJson, type PhoneCodeConfirmation } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { ApiException } from '@app/http';
import { generateRecipientToken, hashRecipientToken } from '@app/session-views';
import { Injectable } from '@nestjs/common';
import { AuditLogService } from '../audit/audit-log.service';
import type { CallerContext } from '../http/caller-context';
import { phoneCodeMatches } from '../phone-codes/phone-code';
import { assertCodeUsable, wrongCode } from '../phone-codes/phone-code-rules';
import type { ConsentSession } from '../session-records/consent-session.entity';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { isPartner } from '../sessions/session-access';
import { assertOpen } from '../sessions/session-errors';
import { SessionsService } from '../sessions/sessions.service';
import { TextMessagesRepository } from '../text-messages/text-messages.repository';
import { SPENT_CODE_TEXT } from '../text-messages/text-secrets';
import { PhoneVerificationsRepository } from './phone-verifications.repository';

type Checked =
  | { kind: 'verified'; session: ConsentSession; partnerCredential: string | null }
  | { kind: 'wrong'; failedTries: number };

/** The session as the partner sees it, and the credential given to the browser that has just proved the phone. */
export interface Confirmed {
  session: SessionJson;
  /** Only in the answer that proved the phone: the gateway puts it in an httpOnly cookie; only its hash is stored. */
  partnerCredential: string | null;
}

/**
 * POST /sessions/:id/phone-verification/confirm: the code the partner typed. The right one, in time and within its 5
 * tries, proves the number: it becomes the session's `recipientPhone` with `phoneVerifiedAt`, which recording needs,
 * and this browser is given the partner's credential, which alone acts for the partner from then on (`isPartner`).
 * A wrong one is counted in its own commit before the 400 (a refusal must not roll its own count back). Confirming
 * again once verified answers the session as it is to that browser, and is refused to any other, which must first be
 * texted a new code to the proved number (SendPhoneCode); typing that one moves the credential to it.
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

  async run(id: string, { code }: PhoneCodeConfirmation, caller: CallerContext): Promise<Confirmed> {
    const now = new Date();
    const checked = await this.unitOfWork.run(async (transaction): Promise<Checked> => {
      const session = await this.sessions.proofSession(id, caller, transaction);
      assertOpen(session, now);
      const verification = await this.verifications.find(transaction, session.id);
      if (verification?.verifiedAt) {
        // Another browser gets a credential only by a new code texted to the proved phone (SendPhoneCode).
        if (!isPartner(session, caller, now)) throw new ApiException(API_ERRORS.partnerPhoneRequired);
        return { kind: 'verified', session, partnerCredential: null };
      }
      assertCodeUsable(verification, now);
      if (!(await phoneCodeMatches(code, verification.codeSalt, verification.codeHash))) {
        const failedTries = await this.verifications.recordFailedTry(transaction, session.id);
        await this.audit.append(transaction, session.id, 'phone_code_wrong', { try: failedTries }, caller.audit);
        return { kind: 'wrong', failedTries };
      }
      await this.verifications.markVerified(transaction, session.id, now);
      const partnerCredential = generateRecipientToken();
      // Proved again from another browser: the same number, its first proof's time kept, the new browser's credential.
      await this.sessionRepository.update(transaction, session.id, {
        recipientPhone: verification.phone,
        phoneVerifiedAt: session.phoneVerifiedAt ?? now,
        partnerCredentialHash: hashRecipientToken(partnerCredential),
      });
      await this.texts.replacePhoneCodeBodies(transaction, session.id, SPENT_CODE_TEXT);
      await this.audit.append(
        transaction,
        session.id,
        'phone_verified',
        { send: verification.codesSent },
        caller.audit,
      );
      return {
        kind: 'verified',
        session: await this.sessionRepository.get(transaction, session.id),
        partnerCredential,
      };
    });
    if (checked.kind === 'wrong') throw wrongCode(checked.failedTries);
    return {
      session: await this.sessions.presentToPartner(checked.session, now),
      partnerCredential: checked.partnerCredential,
    };
  }
}
