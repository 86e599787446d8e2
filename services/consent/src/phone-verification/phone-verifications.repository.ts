import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { PhoneVerification } from './phone-verification.entity';

export interface NewPhoneCode {
  sessionId: string;
  phone: string;
  codeSalt: Buffer;
  codeHash: Buffer;
  expiresAt: Date;
}

/** The queries of `phone_verifications`; callers hold the session's row lock. */
@Injectable()
export class PhoneVerificationsRepository {
  find(transaction: Transaction, sessionId: string): Promise<PhoneVerification | null> {
    return transaction.findOneBy(PhoneVerification, { sessionId });
  }

  /**
   * Serialises the sends to one number until the transaction ends, so two sessions texting the same number at once
   * cannot both pass its daily limit.
   */
  async lockNumber(transaction: Transaction, phone: string): Promise<void> {
    await transaction.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`phone-code:${phone}`]);
  }

  /** A new code for the session: the first, or a resend that replaces the code and its tries. Answers the sends made. */
  async saveCode(transaction: Transaction, code: NewPhoneCode): Promise<number> {
    const rows: { codes_sent: number }[] = await transaction.query(
      `INSERT INTO consent.phone_verifications (session_id, phone, code_salt, code_hash, expires_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (session_id) DO UPDATE SET phone = EXCLUDED.phone, code_salt = EXCLUDED.code_salt, code_hash = EXCLUDED.code_hash,
         expires_at = EXCLUDED.expires_at, codes_sent = phone_verifications.codes_sent + 1, failed_tries = 0, updated_at = now()
       RETURNING codes_sent`,
      [code.sessionId, code.phone, code.codeSalt, code.codeHash, code.expiresAt],
    );
    return rows[0].codes_sent;
  }

  /** Counts a wrong code; answers the tries now failed. */
  async recordFailedTry(transaction: Transaction, sessionId: string): Promise<number> {
    const result = await transaction
      .createQueryBuilder()
      .update(PhoneVerification)
      .set({ failedTries: () => 'failed_tries + 1' })
      .where({ sessionId })
      .returning('failed_tries')
      .execute();
    return (result.raw as { failed_tries: number }[])[0].failed_tries;
  }

  async markVerified(transaction: Transaction, sessionId: string, verifiedAt: Date): Promise<void> {
    await transaction.update(PhoneVerification, { sessionId }, { verifiedAt });
  }
}
