import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Members whose billing data was deleted with their account (`DELETE /members/:userId`): the gateway's user id (a
 * random uuid that names nobody once the account is gone) and when. A provider event about such a member that arrives
 * later (a subscription's last update, a replay the provider sends under a new event id) must not recreate their rows.
 */
export class DeletedMembers1764450000000 implements MigrationInterface {
  name = 'DeletedMembers1764450000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE billing.deleted_members (
        user_id uuid PRIMARY KEY,
        deleted_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE billing.deleted_members`);
  }
}
