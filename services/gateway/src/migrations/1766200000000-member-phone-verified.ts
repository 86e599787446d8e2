import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the member proved their phone number with a texted code (null: not yet, as every account made before this).
 * A consent session needs it, so a member cannot register a number that is not theirs and answer as their partner.
 */
export class MemberPhoneVerified1766200000000 implements MigrationInterface {
  name = 'MemberPhoneVerified1766200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE identity.users ADD COLUMN phone_verified_at timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE identity.users DROP COLUMN phone_verified_at`);
  }
}
