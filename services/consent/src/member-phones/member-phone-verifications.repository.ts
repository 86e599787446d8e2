import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { PhoneCodesRepository } from '../phone-codes/phone-codes.repository';
import { MemberPhoneVerification } from './member-phone-verification.entity';

/** The members' codes proving their own phone, one row per member (`member_phone_verifications`). */
@Injectable()
export class MemberPhoneVerificationsRepository extends PhoneCodesRepository<MemberPhoneVerification> {
  constructor() {
    super(MemberPhoneVerification, 'member_phone_verifications', 'member_user_id', 'memberUserId');
  }

  /** A member's account deletion: their code row goes with them. */
  async deleteOf(transaction: Transaction, memberUserId: string): Promise<void> {
    await transaction.delete(MemberPhoneVerification, { memberUserId });
  }
}
