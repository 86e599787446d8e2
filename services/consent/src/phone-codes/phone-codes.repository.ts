import type { Transaction } from '@app/database';
import type { EntityTarget } from 'typeorm';
import type { PhoneCodeColumns } from './phone-code-columns';

export interface NewPhoneCode {
  phone: string;
  codeSalt: Buffer;
  codeHash: Buffer;
  expiresAt: Date;
}

/**
 * The queries of one table of phone codes keyed by their owner (a session's partner, a member); callers serialise
 * the owner's sends (the session's row lock, the member's advisory lock).
 */
export abstract class PhoneCodesRepository<Row extends PhoneCodeColumns> {
  protected constructor(
    private readonly entity: EntityTarget<Row>,
    private readonly table: string,
    private readonly keyColumn: string,
    private readonly keyProperty: string,
  ) {}

  find(transaction: Transaction, owner: string): Promise<Row | null> {
    return transaction.findOneBy(this.entity, this.where(owner));
  }

  /**
   * Serialises the sends that one limit counts (a number's, a member's, an address's) until the transaction ends, so
   * two sends at once cannot both pass it.
   */
  async lock(transaction: Transaction, limitKey: string): Promise<void> {
    await transaction.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`phone-code:${limitKey}`]);
  }

  /**
   * A new code for the owner: the first, or a resend that replaces the code and its tries (and any proof of an earlier
   * number: a new number is proved afresh). Answers the sends made.
   */
  async saveCode(transaction: Transaction, owner: string, code: NewPhoneCode): Promise<number> {
    const rows: { codes_sent: number }[] = await transaction.query(
      `INSERT INTO consent.${this.table} (${this.keyColumn}, phone, code_salt, code_hash, expires_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (${this.keyColumn}) DO UPDATE SET phone = EXCLUDED.phone, code_salt = EXCLUDED.code_salt, code_hash = EXCLUDED.code_hash,
         expires_at = EXCLUDED.expires_at, codes_sent = ${this.table}.codes_sent + 1, failed_tries = 0, verified_at = NULL, updated_at = now()
       RETURNING codes_sent`,
      [owner, code.phone, code.codeSalt, code.codeHash, code.expiresAt],
    );
    return rows[0].codes_sent;
  }

  /** Counts a wrong code; answers the tries now failed. */
  async recordFailedTry(transaction: Transaction, owner: string): Promise<number> {
    const result = await transaction
      .createQueryBuilder()
      .update(this.entity)
      .set({ failedTries: () => 'failed_tries + 1' } as never)
      .where(this.where(owner))
      .returning('failed_tries')
      .execute();
    return (result.raw as { failed_tries: number }[])[0].failed_tries;
  }

  async markVerified(transaction: Transaction, owner: string, verifiedAt: Date): Promise<void> {
    await transaction.update(this.entity, this.where(owner), { verifiedAt } as never);
  }

  private where(owner: string): never {
    return { [this.keyProperty]: owner } as never;
  }
}
