import { MigrationInterface, QueryRunner } from 'typeorm';

/** The scheduled account deletion's scan: only the accounts that have a deletion date at all. */
export class AccountDeletionDue1765150000000 implements MigrationInterface {
  name = 'AccountDeletionDue1765150000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE INDEX users_account_deletion_due ON identity.users (account_deletion_date, id) WHERE account_deletion_date IS NOT NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX identity.users_account_deletion_due`);
  }
}
