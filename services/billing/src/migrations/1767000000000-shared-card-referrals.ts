import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A referral paid with a card another counted referral of the same referrer paid with is refused as `shared_card`. */
export class SharedCardReferrals1767000000000 implements MigrationInterface {
  name = 'SharedCardReferrals1767000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE billing.referrals DROP CONSTRAINT referrals_refusal_reason_check`);
    await runner.query(
      `ALTER TABLE billing.referrals ADD CONSTRAINT referrals_refusal_reason_check
         CHECK (refusal_reason IN ('self_referral', 'unknown_code', 'already_referred', 'already_subscribed', 'same_card', 'shared_card'))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    // A shared-card refusal counts again, as it did before the rule: the next payment event re-checks it.
    await runner.query(
      `UPDATE billing.referrals SET status = 'counted', refusal_reason = NULL, refused_at = NULL, counted_at = now() WHERE refusal_reason = 'shared_card'`,
    );
    await runner.query(`ALTER TABLE billing.referrals DROP CONSTRAINT referrals_refusal_reason_check`);
    await runner.query(
      `ALTER TABLE billing.referrals ADD CONSTRAINT referrals_refusal_reason_check
         CHECK (refusal_reason IN ('self_referral', 'unknown_code', 'already_referred', 'already_subscribed', 'same_card'))`,
    );
  }
}
