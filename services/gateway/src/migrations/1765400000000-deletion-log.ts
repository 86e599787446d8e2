import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The record of every account the retention schedule deleted, which outlives the account: the user id (no foreign key:
 * the row it names is gone, and a deleted account's id says nothing about the person), why, when it was due and when
 * it went. One row per account, and rows are only ever added, like the support access log's.
 */
export class DeletionLog1765400000000 implements MigrationInterface {
  name = 'DeletionLog1765400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE identity.deletion_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL UNIQUE,
        reason varchar(20) NOT NULL CHECK (reason IN ('retention')),
        due_at timestamptz NOT NULL,
        deleted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE FUNCTION identity.deletion_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'identity.deletion_log is append-only';
      END $$`);
    await runner.query(`
      CREATE TRIGGER deletion_log_append_only BEFORE UPDATE OR DELETE ON identity.deletion_log
      FOR EACH ROW EXECUTE FUNCTION identity.deletion_log_is_append_only()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE identity.deletion_log`);
    await runner.query(`DROP FUNCTION identity.deletion_log_is_append_only()`);
  }
}
