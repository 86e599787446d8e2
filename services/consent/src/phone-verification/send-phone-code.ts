import { API_ERRORS, type PhoneCodeRequest, type PhoneCodeSent } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { ApiException } from '@app/http';
import { Inject, Injectable } from '@nestjs/common';
import { AuditLogService } from '../audit/audit-log.service';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';
import { answeredBeforeSafetyCheck } from '../decisions/safety-answers';
import type { CallerContext } from '../http/caller-context';
import { assertOpen } from '../sessions/session-errors';
import { maskPhone } from '../sessions/session.presenter';
import { SessionsService } from '../sessions/sessions.service';
import { TextMessagesRepository } from '../text-messages/text-messages.repository';
import { VerdictTexts } from '../text-messages/verdict-texts';
import { generatePhoneCode, hashPhoneCode, newCodeSalt, phoneCodeText, SPENT_CODE_TEXT } from './phone-code';
import { normalizePhone, PHONE_CODE_DAY_MS, PHONE_CODE_RULES, resendsLeft, samePhone } from './phone-verification-rules';
import { PhoneVerificationsRepository } from './phone-verifications.repository';

/**
 * POST /sessions/:id/phone-verification: texts a new code to the number the partner gave, through the outbox (so it
 * is sent once committed, and again should the provider fail). Refused for the member's own number, past the
 * session's 3 resends, and past the number's daily limit, which a per-number lock makes exact across sessions. An
 * earlier code stops working, and its text loses the code.
 */
@Injectable()
export class SendPhoneCode {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: SessionsService,
    private readonly verifications: PhoneVerificationsRepository,
    private readonly texts: TextMessagesRepository,
    private readonly verdictTexts: VerdictTexts,
    private readonly audit: AuditLogService,
    @Inject(CONSENT_CONFIG) private readonly config: ConsentConfig,
  ) {}

  async run(id: string, request: PhoneCodeRequest, caller: CallerContext): Promise<PhoneCodeSent> {
    const now = new Date();
    // The number as typed becomes the session's when proved; the texts and the daily limit use its normalised form.
    const typed = request.recipientPhone;
    const phone = normalizePhone(typed);
    const { answer, pending } = await this.unitOfWork.run(async (transaction) => {
      const session = await this.sessions.partnerSession(id, caller, transaction);
      assertOpen(session, now);
      if (answeredBeforeSafetyCheck(session)) throw new ApiException(API_ERRORS.alreadyAnswered);
      if (session.initiatorPhone && samePhone(phone, session.initiatorPhone)) throw new ApiException(API_ERRORS.phoneIsMembers);
      const current = await this.verifications.find(transaction, session.id);
      if (current?.verifiedAt) {
        if (!samePhone(current.phone, phone)) throw new ApiException(API_ERRORS.phoneAlreadyVerified);
        const verified = { sentTo: maskPhone(current.phone)!, expiresAt: current.expiresAt.toISOString(), resendsLeft: resendsLeft(current), verified: true };
        return { answer: verified, pending: [] };
      }
      if (current && resendsLeft(current) === 0) throw new ApiException(API_ERRORS.phoneCodeResendsUsed);
      await this.verifications.lockNumber(transaction, phone);
      const sentToday = await this.texts.countPhoneCodesSince(transaction, phone, new Date(now.getTime() - PHONE_CODE_DAY_MS));
      if (sentToday >= this.config.PHONE_CODES_PER_NUMBER_PER_DAY) throw new ApiException(API_ERRORS.phoneCodeDailyLimit);

      const code = generatePhoneCode();
      const codeSalt = newCodeSalt();
      const expiresAt = new Date(now.getTime() + PHONE_CODE_RULES.lifetimeMinutes * 60_000);
      const codesSent = await this.verifications.saveCode(transaction, { sessionId: session.id, phone: typed, codeSalt, codeHash: await hashPhoneCode(code, codeSalt), expiresAt });
      await this.texts.replacePhoneCodeBodies(transaction, session.id, SPENT_CODE_TEXT);
      await this.texts.insertMissing(transaction, [{ sessionId: session.id, recipient: 'partner', purpose: 'phone_code', phone, body: phoneCodeText(code) }]);
      await this.audit.append(transaction, session.id, 'phone_code_sent', { send: codesSent }, caller.audit);
      const sent = { sentTo: maskPhone(phone)!, expiresAt: expiresAt.toISOString(), resendsLeft: resendsLeft({ codesSent }), verified: false };
      return { answer: sent, pending: await this.texts.pendingIdsOf(transaction, session.id) };
    });
    await this.verdictTexts.dispatch(pending);
    return answer;
  }
}
