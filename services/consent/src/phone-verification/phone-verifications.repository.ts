import { Injectable } from '@nestjs/common';
import { PhoneCodesRepository } from '../phone-codes/phone-codes.repository';
import { PhoneVerification } from './phone-verification.entity';

/** The partner's codes, one row per session (`phone_verifications`); callers hold the session's row lock. */
@Injectable()
export class PhoneVerificationsRepository extends PhoneCodesRepository<PhoneVerification> {
  constructor() {
    super(PhoneVerification, 'phone_verifications', 'session_id', 'sessionId');
  }
}
