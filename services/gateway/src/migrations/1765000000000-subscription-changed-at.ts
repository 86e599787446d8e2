import { MigrationInterface, QueryRunner } from 'typeorm';

/** When the last subscription change applied to a user happened (the billing provider's time), so an older one never overwrites it. */
export class SubscriptionChangedAt1765000000000 implements MigrationInterface {
  name = 'SubscriptionChangedAt1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE identity.users ADD COLUMN subscription_changed_at timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE identity.users DROP COLUMN subscription_changed_at`);
  }
}
