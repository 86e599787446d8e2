import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The partner's receipt and withdrawal. `receipts`: one per session whose partner was texted, its secret kept only as
 * a SHA-256 hash (the link's secret is never stored in clear beside it). The session records when its consent was
 * withdrawn and when its recordings were deleted at the partner's request. The outbox gains a purpose, so a session
 * may text the member once for its verdict and once for a withdrawal: still at most one text per recipient and purpose.
 */
export class Receipts1764620000000 implements MigrationInterface {
  name = 'Receipts1764620000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE consent.receipts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL UNIQUE REFERENCES consent.consent_sessions(id) ON DELETE CASCADE,
        secret_hash bytea NOT NULL CHECK (length(secret_hash) = 32),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `ALTER TABLE consent.consent_sessions ADD COLUMN withdrawn_at timestamptz, ADD COLUMN recording_deleted_at timestamptz`,
    );
    await runner.query(`ALTER TABLE consent.text_messages ADD COLUMN purpose varchar(20) NOT NULL DEFAULT 'verdict'`);
    await runner.query(`ALTER TABLE consent.text_messages DROP CONSTRAINT text_messages_session_id_recipient_key`);
    await runner.query(
      `ALTER TABLE consent.text_messages ADD CONSTRAINT text_messages_once_per_purpose UNIQUE (session_id, recipient, purpose)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM consent.text_messages WHERE purpose <> 'verdict'`);
    await runner.query(`ALTER TABLE consent.text_messages DROP CONSTRAINT text_messages_once_per_purpose`);
    await runner.query(
      `ALTER TABLE consent.text_messages ADD CONSTRAINT text_messages_session_id_recipient_key UNIQUE (session_id, recipient)`,
    );
    await runner.query(`ALTER TABLE consent.text_messages DROP COLUMN purpose`);
    await runner.query(
      `ALTER TABLE consent.consent_sessions DROP COLUMN recording_deleted_at, DROP COLUMN withdrawn_at`,
    );
    await runner.query(`DROP TABLE consent.receipts`);
  }
}
