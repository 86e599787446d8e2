import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox of session pushes: a change's push is written in the change's own transaction and removed once its job
 * is queued, so a push survives the process dying after the commit, or Redis being away, and is queued later.
 */
export class PendingPushes1765500000000 implements MigrationInterface {
  name = 'PendingPushes1765500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE consent.pending_pushes (
        job_id varchar(80) PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES consent.consent_sessions (id) ON DELETE CASCADE,
        initiator_user_id uuid NOT NULL,
        change varchar(32) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX pending_pushes_created_at ON consent.pending_pushes (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE consent.pending_pushes`);
  }
}
