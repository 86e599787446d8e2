import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The text-message outbox: one row per text a session's verdict sends (the partner's verification, the member's
 * confirmation), written in the verdict's transaction and sent afterwards by the send-text-message job. The unique
 * (session_id, recipient) keeps a session from ever getting two texts per recipient. The session keeps the member's
 * phone (never answered) and when the partner's text went out.
 */
export class TextMessages1764000000000 implements MigrationInterface {
  name = 'TextMessages1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE consent.consent_sessions ADD COLUMN initiator_phone varchar(32), ADD COLUMN verification_text_sent_at timestamptz`,
    );
    await runner.query(`
      CREATE TABLE consent.text_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL REFERENCES consent.consent_sessions(id) ON DELETE CASCADE,
        recipient varchar(10) NOT NULL CHECK (recipient IN ('partner', 'member')),
        phone varchar(32) NOT NULL,
        body text NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        provider text,
        provider_message_id text,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        UNIQUE (session_id, recipient)
      )`);
    // The requeue task's scan: only the rows still waiting to be sent.
    await runner.query(
      `CREATE INDEX text_messages_pending ON consent.text_messages (created_at) WHERE status = 'pending'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE consent.text_messages`);
    await runner.query(
      `ALTER TABLE consent.consent_sessions DROP COLUMN verification_text_sent_at, DROP COLUMN initiator_phone`,
    );
  }
}
