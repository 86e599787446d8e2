import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member's account deletion removes their sessions with everything hanging off them, the audit chains included,
 * while the audit log stays append-only for everything else:
 * - `audit_log.session_id` becomes a foreign key to its session, `ON DELETE CASCADE`, so a session's chain can only go
 *   with its session row (and no row can name a session that does not exist);
 * - the append-only trigger still refuses every UPDATE and every DELETE, except a DELETE run by that cascade: fired
 *   from inside another trigger (`pg_trigger_depth() > 1`, the foreign key's cascade action) for a row whose session
 *   row is already gone. A DELETE aimed at audit rows themselves (one row or a whole chain) is refused as before.
 */
export class MemberDeletion1764400000000 implements MigrationInterface {
  name = 'MemberDeletion1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE consent.audit_log
        ADD CONSTRAINT audit_log_session_fk FOREIGN KEY (session_id) REFERENCES consent.consent_sessions (id) ON DELETE CASCADE`);
    await runner.query(`
      CREATE OR REPLACE FUNCTION consent.audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE'
           AND pg_trigger_depth() > 1
           AND NOT EXISTS (SELECT 1 FROM consent.consent_sessions WHERE id = OLD.session_id) THEN
          -- The session row was deleted and its foreign key's cascade removes the whole chain with it.
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'consent.audit_log is append-only';
      END $$`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE OR REPLACE FUNCTION consent.audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'consent.audit_log is append-only';
      END $$`);
    await runner.query(`ALTER TABLE consent.audit_log DROP CONSTRAINT audit_log_session_fk`);
  }
}
