import type { MemberPhoneCodeRequest, PhoneCodeSent } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { Inject, Injectable } from '@nestjs/common';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';
import { newPhoneCode } from '../phone-codes/phone-code';
import { PHONE_CODE_HOUR_MS } from '../phone-codes/phone-code-rules';
import { PhoneCodeLimits } from '../phone-verification/phone-code-limits';
import { maskPhone } from '../sessions/session.presenter';
import { TextDispatch } from '../text-messages/text-dispatch';
import { TextMessagesRepository } from '../text-messages/text-messages.repository';
import { SPENT_CODE_TEXT } from '../text-messages/text-secrets';
import { memberPhoneCodeText } from './member-phone-code-text';
import { MemberPhoneVerificationsRepository } from './member-phone-verifications.repository';

/**
 * POST /members/:userId/phone-verification (the gateway, for the signed-in member): texts a code to the member's own
 * number, so a member cannot register someone else's number, or none, and then answer as their partner on their one
 * phone. The same machinery and limits as the partner's code; an earlier code stops working. A number already proved
 * sends nothing.
 */
@Injectable()
export class SendMemberPhoneCode {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly verifications: MemberPhoneVerificationsRepository,
    private readonly limits: PhoneCodeLimits,
    private readonly texts: TextMessagesRepository,
    private readonly dispatch: TextDispatch,
    @Inject(CONSENT_CONFIG) private readonly config: ConsentConfig,
  ) {}

  async run(memberUserId: string, { phone }: MemberPhoneCodeRequest, ip: string | null): Promise<PhoneCodeSent> {
    const now = new Date();
    const { answer, pending } = await this.unitOfWork.run(async (transaction) => {
      // Under the member's limit lock, taken first: two sends for one member run one after the other.
      await this.limits.assertWithin(transaction, { memberId: memberUserId, ip }, phone, now);
      const current = await this.verifications.find(transaction, memberUserId);
      if (current?.verifiedAt && current.phone === phone) {
        return {
          answer: {
            sentTo: maskPhone(phone)!,
            expiresAt: current.expiresAt.toISOString(),
            resendsLeft: 0,
            verified: true,
          },
          pending: [],
        };
      }
      const { code, ...stored } = await newPhoneCode(phone, now);
      await this.verifications.saveCode(transaction, memberUserId, stored);
      await this.texts.replaceMemberPhoneCodeBodies(transaction, memberUserId, SPENT_CODE_TEXT);
      const id = await this.texts.insertMemberPhoneCode(transaction, memberUserId, phone, memberPhoneCodeText(code));
      const sentThisHour = await this.texts.countMemberPhoneCodesSince(
        transaction,
        memberUserId,
        new Date(now.getTime() - PHONE_CODE_HOUR_MS),
      );
      const resendsLeft = Math.max(0, this.config.PHONE_CODES_PER_MEMBER_PER_HOUR - sentThisHour);
      return {
        answer: { sentTo: maskPhone(phone)!, expiresAt: stored.expiresAt.toISOString(), resendsLeft, verified: false },
        pending: [id],
      };
    });
    await this.dispatch.dispatch(pending);
    return answer;
  }
}
