import { API_ERRORS, type PhoneCodeRequest, type PhoneCodeSent } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { ApiException } from '@app/http';
import { Injectable } from '@nestjs/common';
import { AuditLogService } from '../audit/audit-log.service';
import type { CallerContext } from '../http/caller-context';
import { newPhoneCode } from '../phone-codes/phone-code';
import { resendsLeft } from '../phone-codes/phone-code-rules';
import { answeredBeforeSafetyCheck } from '../session-records/session-rules';
import { maskPhone } from '../sessions/session.presenter';
import { isPartner } from '../sessions/session-access';
import { assertOpen } from '../sessions/session-errors';
import { SessionsService } from '../sessions/sessions.service';
import { TextDispatch } from '../text-messages/text-dispatch';
import { TextMessagesRepository } from '../text-messages/text-messages.repository';
import { SPENT_CODE_TEXT } from '../text-messages/text-secrets';
import { PhoneCodeLimits } from './phone-code-limits';
import { phoneCodeText } from './phone-code-text';
import { isSameNumber, partnerPhone } from './phone-verification-rules';
import { PhoneVerificationsRepository } from './phone-verifications.repository';

/**
 * POST /sessions/:id/phone-verification: texts a new code to the number the partner gave, through the outbox (so it
 * is sent once committed, and again should the provider fail). Refused for a number that is none, for the member's own
 * number however written, past the session's 3 resends, and past the hourly and daily limits (PhoneCodeLimits). An
 * earlier code stops working, and its text loses the code. Once the phone is proved, the proved browser asking again
 * sends nothing; another browser (the link's holder, not the member) asking for the proved number gets a new code
 * texted to it, so a partner whose browser lost its credential (another browser, a lost answer) can prove it again.
 */
@Injectable()
export class SendPhoneCode {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: SessionsService,
    private readonly verifications: PhoneVerificationsRepository,
    private readonly texts: TextMessagesRepository,
    private readonly dispatch: TextDispatch,
    private readonly audit: AuditLogService,
    private readonly limits: PhoneCodeLimits,
  ) {}

  async run(id: string, request: PhoneCodeRequest, caller: CallerContext): Promise<PhoneCodeSent> {
    const now = new Date();
    const { answer, pending } = await this.unitOfWork.run(async (transaction) => {
      const session = await this.sessions.proofSession(id, caller, transaction);
      assertOpen(session, now);
      if (answeredBeforeSafetyCheck(session)) throw new ApiException(API_ERRORS.alreadyAnswered);
      // Stored, limited and texted in E.164: the number once proved becomes the session's.
      const phone = partnerPhone(request.recipientPhone, session.initiatorPhone);
      if (session.initiatorPhone && isSameNumber(session.initiatorPhone, phone))
        throw new ApiException(API_ERRORS.phoneIsMembers);
      const current = await this.verifications.find(transaction, session.id);
      if (session.phoneVerifiedAt && session.recipientPhone !== phone)
        throw new ApiException(API_ERRORS.phoneAlreadyVerified);
      // The proved browser is answered; another one (the partner's, having lost its credential) is texted a new code.
      if (session.phoneVerifiedAt && isPartner(session, caller, now)) {
        const verified = {
          sentTo: maskPhone(phone)!,
          expiresAt: (current?.expiresAt ?? now).toISOString(),
          resendsLeft: resendsLeft(current),
          verified: true,
        };
        return { answer: verified, pending: [] };
      }
      if (current && resendsLeft(current) === 0) throw new ApiException(API_ERRORS.phoneCodeResendsUsed);
      await this.limits.assertWithin(
        transaction,
        { memberId: session.initiatorUserId, ip: caller.audit.ip ?? null },
        phone,
        now,
      );

      const { code, ...stored } = await newPhoneCode(phone, now);
      const codesSent = await this.verifications.saveCode(transaction, session.id, stored);
      await this.texts.replacePhoneCodeBodies(transaction, session.id, SPENT_CODE_TEXT);
      await this.texts.insertMissing(transaction, [
        { sessionId: session.id, recipient: 'partner', purpose: 'phone_code', phone, body: phoneCodeText(code) },
      ]);
      await this.audit.append(transaction, session.id, 'phone_code_sent', { send: codesSent }, caller.audit);
      const sent = {
        sentTo: maskPhone(phone)!,
        expiresAt: stored.expiresAt.toISOString(),
        resendsLeft: resendsLeft({ codesSent }),
        verified: false,
      };
      return { answer: sent, pending: await this.texts.pendingIdsOf(transaction, session.id) };
    });
    await this.dispatch.dispatch(pending);
    return answer;
  }
}
