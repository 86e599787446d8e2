import { Entity, PrimaryColumn } from 'typeorm';
import { PhoneCodeColumns } from '../phone-codes/phone-code-columns';

/** A session's current phone code for the partner (one row per session; a resend replaces the code and counts the send). */
@Entity({ name: 'phone_verifications' })
export class PhoneVerification extends PhoneCodeColumns {
  @PrimaryColumn({ name: 'session_id', type: 'uuid' })
  sessionId: string;
}
