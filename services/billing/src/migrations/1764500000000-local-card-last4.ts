import { MigrationInterface, QueryRunner } from 'typeorm';

/** The local provider keeps the last 4 digits of the card on file, for its TEST MODE customer portal (as Stripe shows them). */
export class LocalCardLast41764500000000 implements MigrationInterface {
  name = 'LocalCardLast41764500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE billing.local_subscriptions ADD COLUMN card_last4 varchar(4)`);
    await runner.query(
      `CREATE INDEX local_subscriptions_due ON billing.local_subscriptions (current_period_end) WHERE status IN ('active', 'trialing')`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX billing.local_subscriptions_due`);
    await runner.query(`ALTER TABLE billing.local_subscriptions DROP COLUMN card_last4`);
  }
}
