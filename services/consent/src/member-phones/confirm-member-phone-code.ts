import type { MemberPhoneProved, PhoneCodeConfirmation } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { Injectable } from '@nestjs/common';
import { phoneCodeMatches } from '../phone-codes/phone-code';
import { assertCodeUsable, wrongCode } from '../phone-codes/phone-code-rules';
import { TextMessagesRepository } from '../text-messages/text-messages.repository';
import { SPENT_CODE_TEXT } from '../text-messages/text-secrets';
import { MemberPhoneVerificationsRepository } from './member-phone-verifications.repository';

type Checked = { kind: 'proved'; proved: MemberPhoneProved } | { kind: 'wrong'; failedTries: number };

/**
 * POST /members/:userId/phone-verification/confirm: the code the member typed. The right one, in time and within its
 * 5 tries, proves the number, which the gateway then records on the account (it alone owns accounts). A wrong one is
 * counted in its own commit before the 400. Confirming again once proved answers the same number.
 */
@Injectable()
export class ConfirmMemberPhoneCode {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly verifications: MemberPhoneVerificationsRepository,
    private readonly texts: TextMessagesRepository,
  ) {}

  async run(memberUserId: string, { code }: PhoneCodeConfirmation): Promise<MemberPhoneProved> {
    const now = new Date();
    const checked = await this.unitOfWork.run(async (transaction): Promise<Checked> => {
      // The send's lock: a code is not checked while a new one replaces it.
      await this.verifications.lock(transaction, `member:${memberUserId}`);
      const verification = await this.verifications.find(transaction, memberUserId);
      if (verification?.verifiedAt)
        return {
          kind: 'proved',
          proved: { phone: verification.phone, verifiedAt: verification.verifiedAt.toISOString() },
        };
      assertCodeUsable(verification, now);
      if (!(await phoneCodeMatches(code, verification.codeSalt, verification.codeHash))) {
        return { kind: 'wrong', failedTries: await this.verifications.recordFailedTry(transaction, memberUserId) };
      }
      await this.verifications.markVerified(transaction, memberUserId, now);
      await this.texts.replaceMemberPhoneCodeBodies(transaction, memberUserId, SPENT_CODE_TEXT);
      return { kind: 'proved', proved: { phone: verification.phone, verifiedAt: now.toISOString() } };
    });
    if (checked.kind === 'wrong') throw wrongCode(checked.failedTries);
    return checked.proved;
  }
}
