import { Entity, PrimaryColumn } from 'typeorm';
import { PhoneCodeColumns } from '../phone-codes/phone-code-columns';

/** A member's current code proving their own phone (one row per member; a resend replaces the code). */
@Entity({ name: 'member_phone_verifications' })
export class MemberPhoneVerification extends PhoneCodeColumns {
  /** The gateway's user id (no foreign key across schemas). */
  @PrimaryColumn({ name: 'member_user_id', type: 'uuid' })
  memberUserId: string;
}
