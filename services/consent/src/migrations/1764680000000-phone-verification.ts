import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The partner proves their phone before recording: one code at a time per session (`phone_verifications`, the code
 * hashed), when it was proved on the session and on its verdict, and the code texts through the existing outbox. A
 * session sends several code texts, so the outbox's one-text-per-purpose rule now excludes them; the daily limit per
 * number counts them by number.
 */
export class PhoneVerification1764680000000 implements MigrationInterface {
  name = 'PhoneVerification1764680000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE consent.phone_verifications (
        session_id uuid PRIMARY KEY REFERENCES consent.consent_sessions (id) ON DELETE CASCADE,
        phone varchar(32) NOT NULL,
        code_salt bytea NOT NULL,
        code_hash bytea NOT NULL,
        expires_at timestamptz NOT NULL,
        codes_sent integer NOT NULL DEFAULT 1,
        failed_tries integer NOT NULL DEFAULT 0,
        verified_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`ALTER TABLE consent.consent_sessions ADD COLUMN phone_verified_at timestamptz`);
    await runner.query(`ALTER TABLE consent.verdicts ADD COLUMN phone_verified_at timestamptz`);
    await runner.query(`ALTER TABLE consent.text_messages DROP CONSTRAINT text_messages_once_per_purpose`);
    await runner.query(
      `CREATE UNIQUE INDEX text_messages_once_per_purpose ON consent.text_messages (session_id, recipient, purpose) WHERE purpose <> 'phone_code'`,
    );
    await runner.query(
      `CREATE INDEX text_messages_phone_codes ON consent.text_messages (phone, created_at) WHERE purpose = 'phone_code'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX consent.text_messages_phone_codes`);
    await runner.query(`DELETE FROM consent.text_messages WHERE purpose = 'phone_code'`);
    await runner.query(`DROP INDEX consent.text_messages_once_per_purpose`);
    await runner.query(
      `ALTER TABLE consent.text_messages ADD CONSTRAINT text_messages_once_per_purpose UNIQUE (session_id, recipient, purpose)`,
    );
    await runner.query(`ALTER TABLE consent.verdicts DROP COLUMN phone_verified_at`);
    await runner.query(`ALTER TABLE consent.consent_sessions DROP COLUMN phone_verified_at`);
    await runner.query(`DROP TABLE consent.phone_verifications`);
  }
}
