import { toE164 } from '@app/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const PHONE_COLUMNS = [
  ['consent_sessions', 'initiator_phone'],
  ['consent_sessions', 'recipient_phone'],
  ['phone_verifications', 'phone'],
  ['text_messages', 'phone'],
] as const;

/**
 * Phone numbers are kept in E.164 from now on (they were kept as typed and compared by their digits): numbers written
 * with their country code are rewritten; one written without it is left with its digits only, as its texts were sent
 * (which country it belongs to is not known here). Codes are now also limited per network address: an index finds an
 * address's recent codes in the audit log.
 */
export class NumbersAsNumbers1766100000000 implements MigrationInterface {
  name = 'NumbersAsNumbers1766100000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const [table, column] of PHONE_COLUMNS) {
      const rows: { phone: string }[] = await runner.query(
        `SELECT DISTINCT ${column} AS phone FROM consent.${table} WHERE ${column} IS NOT NULL`,
      );
      for (const { phone } of rows) {
        const stored = toE164(phone) ?? phone.replace(/\D/g, '');
        if (stored !== phone)
          await runner.query(`UPDATE consent.${table} SET ${column} = $1 WHERE ${column} = $2`, [stored, phone]);
      }
    }
    await runner.query(
      `CREATE INDEX audit_log_phone_codes_by_address ON consent.audit_log (ip, created_at) WHERE event = 'phone_code_sent'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX consent.audit_log_phone_codes_by_address`);
  }
}
