import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Crypto-shredding: each session's recordings have their data keys wrapped under a key of the session's own, kept
 * here wrapped under the storage KEK. Deleting the row (the partner's deletion request, or the session's own deletion
 * by cascade) leaves every copy of those objects unreadable, backups of the object store included.
 */
export class RecordingKeys1764710000000 implements MigrationInterface {
  name = 'RecordingKeys1764710000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE consent.recording_keys (
        session_id uuid PRIMARY KEY REFERENCES consent.consent_sessions (id) ON DELETE CASCADE,
        wrapped_key bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE consent.recording_keys`);
  }
}
