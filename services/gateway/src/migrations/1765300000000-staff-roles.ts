import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff roles and the support access log. Every account is a `member` until `npm run admin -- grant` says otherwise.
 * The log names the staff member by id only and has no foreign key: it must outlive the account it names, and a
 * deleted account's id says nothing about the person. Rows are only ever added, as in the consent service's audit log.
 */
export class StaffRoles1765300000000 implements MigrationInterface {
  name = 'StaffRoles1765300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE identity.users ADD COLUMN role varchar(10) NOT NULL DEFAULT 'member'
        CONSTRAINT users_role_known CHECK (role IN ('member', 'support', 'admin'))`);
    await runner.query(`
      CREATE TABLE identity.support_access_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        actor_user_id uuid NOT NULL,
        action varchar(64) NOT NULL,
        target varchar(300) NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    // Who read what, and who read this (a session, a job): the two questions the log answers.
    await runner.query(`CREATE INDEX support_access_log_actor ON identity.support_access_log (actor_user_id, at)`);
    await runner.query(`CREATE INDEX support_access_log_target ON identity.support_access_log (target, at)`);
    await runner.query(`
      CREATE FUNCTION identity.support_access_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'identity.support_access_log is append-only';
      END $$`);
    await runner.query(`
      CREATE TRIGGER support_access_log_append_only BEFORE UPDATE OR DELETE ON identity.support_access_log
      FOR EACH ROW EXECUTE FUNCTION identity.support_access_log_is_append_only()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE identity.support_access_log`);
    await runner.query(`DROP FUNCTION identity.support_access_log_is_append_only()`);
    await runner.query(`ALTER TABLE identity.users DROP COLUMN role`);
  }
}
