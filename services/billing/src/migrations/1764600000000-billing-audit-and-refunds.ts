import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * - `audit_log`: what billing changed for a member on its own or at their request, beyond the provider's events:
 *   a cancellation and its undoing, a checkout expired so that only one can be paid, a duplicate subscription refunded,
 *   a referral reward taken back.
 *   Append only; the member's rows go with their account's deletion.
 * - `local_subscriptions.refunded_at`: the local provider's record of a duplicate subscription refunded (Stripe keeps
 *   its refunds on its side).
 */
export class BillingAuditAndRefunds1764600000000 implements MigrationInterface {
  name = 'BillingAuditAndRefunds1764600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE billing.audit_log (
        id bigserial PRIMARY KEY,
        user_id uuid NOT NULL,
        action varchar(40) NOT NULL CHECK (action IN ('subscription_cancelled', 'subscription_resumed', 'checkout_expired', 'duplicate_refunded', 'referral_reward_revoked')),
        subject text NOT NULL,
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX audit_log_user ON billing.audit_log (user_id, at)`);
    await runner.query(`ALTER TABLE billing.local_subscriptions ADD COLUMN refunded_at timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE billing.local_subscriptions DROP COLUMN refunded_at`);
    await runner.query(`DROP TABLE billing.audit_log`);
  }
}
