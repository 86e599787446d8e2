import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The member proves their own phone as the partner does (a code texted to it, typed back), once, before their first
 * consent session: one code at a time per member (`member_phone_verifications`, the code hashed), texted through the
 * same outbox, whose rows now belong to a session or, for these codes, to a member.
 */
export class MemberPhones1766200000000 implements MigrationInterface {
  name = 'MemberPhones1766200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE consent.member_phone_verifications (
        member_user_id uuid PRIMARY KEY,
        phone varchar(32) NOT NULL,
        code_salt bytea NOT NULL,
        code_hash bytea NOT NULL,
        expires_at timestamptz NOT NULL,
        codes_sent integer NOT NULL DEFAULT 1,
        failed_tries integer NOT NULL DEFAULT 0,
        verified_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `ALTER TABLE consent.text_messages ALTER COLUMN session_id DROP NOT NULL, ADD COLUMN member_user_id uuid`,
    );
    await runner.query(
      `ALTER TABLE consent.text_messages ADD CONSTRAINT text_messages_one_owner CHECK ((session_id IS NULL) <> (member_user_id IS NULL))`,
    );
    await runner.query(
      `CREATE INDEX text_messages_member_codes ON consent.text_messages (member_user_id, created_at) WHERE member_user_id IS NOT NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM consent.text_messages WHERE member_user_id IS NOT NULL`);
    await runner.query(
      `ALTER TABLE consent.text_messages DROP CONSTRAINT text_messages_one_owner, DROP COLUMN member_user_id, ALTER COLUMN session_id SET NOT NULL`,
    );
    await runner.query(`DROP TABLE consent.member_phone_verifications`);
  }
}
