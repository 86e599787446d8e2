import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The record of every session's deletion, which outlives the session (its own audit rows go with it by cascade): ids
 * and counts only, never a name or a phone number; no foreign key, since the session row is gone. One row per session
 * (unique), and rows are only ever added, like the audit log's.
 */
export class DeletionLog1764700000000 implements MigrationInterface {
  name = 'DeletionLog1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE consent.deletion_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        session_id uuid NOT NULL UNIQUE,
        initiator_user_id uuid NOT NULL,
        reason varchar(20) NOT NULL CHECK (reason IN ('retention', 'account_deleted')),
        recording_objects integer NOT NULL CHECK (recording_objects >= 0),
        deleted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX deletion_log_initiator ON consent.deletion_log (initiator_user_id, deleted_at)`);
    await runner.query(`
      CREATE FUNCTION consent.deletion_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'consent.deletion_log is append-only';
      END $$`);
    await runner.query(`
      CREATE TRIGGER deletion_log_append_only BEFORE UPDATE OR DELETE ON consent.deletion_log
      FOR EACH ROW EXECUTE FUNCTION consent.deletion_log_is_append_only()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE consent.deletion_log`);
    await runner.query(`DROP FUNCTION consent.deletion_log_is_append_only()`);
  }
}
