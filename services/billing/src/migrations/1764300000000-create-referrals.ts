import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Referrals (spec section 9: 4 referred friends earn free membership for life).
 * - `referral_codes`: each member's stable code (created on first ask), unique.
 * - `referrals`: who referred whom; a member is referred once (`referred_user_id` is the key). `pending` until the
 *   referred member's first payment succeeds, then `counted`, or `refused` with the reason (self-referral, unknown code,
 *   already subscribed, the referrer's own card). `referrer_user_id` is null for an unknown code.
 * - `payment_cards`: the card fingerprints each member has paid with (the provider's `card.fingerprint`, or the local
 *   provider's keyed hash), so a referral paid with the referrer's own card is refused.
 * - `referral_rewards`: a referrer who reached 4 counted referrals (`earned_at`), and the subscription the provider's
 *   free-for-life discount was applied to (`provider_subscription_id`, `granted_at`): applied once per subscription.
 * - `local_subscriptions`: the local provider keeps the paying card's fingerprint and its free-for-life flag (never
 *   charged), as Stripe keeps the payment method and the discount on its side.
 */
export class CreateReferrals1764300000000 implements MigrationInterface {
  name = 'CreateReferrals1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE billing.referral_codes (
        user_id uuid PRIMARY KEY,
        code varchar(32) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE billing.referrals (
        referred_user_id uuid PRIMARY KEY,
        referrer_user_id uuid,
        status varchar(10) NOT NULL CHECK (status IN ('pending', 'counted', 'refused')),
        refusal_reason varchar(32) CHECK (refusal_reason IN ('self_referral', 'unknown_code', 'already_referred', 'already_subscribed', 'same_card')),
        created_at timestamptz NOT NULL DEFAULT now(),
        counted_at timestamptz,
        refused_at timestamptz,
        CHECK ((status = 'refused') = (refusal_reason IS NOT NULL)),
        CHECK ((status = 'counted') = (counted_at IS NOT NULL))
      )`);
    await runner.query(`CREATE INDEX referrals_referrer ON billing.referrals (referrer_user_id, status)`);
    await runner.query(`
      CREATE TABLE billing.payment_cards (
        user_id uuid NOT NULL,
        fingerprint text NOT NULL,
        first_used_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, fingerprint)
      )`);
    await runner.query(`
      CREATE TABLE billing.referral_rewards (
        user_id uuid PRIMARY KEY,
        earned_at timestamptz NOT NULL DEFAULT now(),
        provider_subscription_id text,
        granted_at timestamptz
      )`);
    await runner.query(
      `ALTER TABLE billing.local_subscriptions ADD COLUMN card_fingerprint text, ADD COLUMN free_for_life boolean NOT NULL DEFAULT false`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE billing.local_subscriptions DROP COLUMN free_for_life, DROP COLUMN card_fingerprint`,
    );
    for (const table of ['referral_rewards', 'payment_cards', 'referrals', 'referral_codes']) {
      await runner.query(`DROP TABLE billing.${table}`);
    }
  }
}
