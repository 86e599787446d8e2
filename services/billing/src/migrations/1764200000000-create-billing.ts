import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The billing schema. Members are the gateway's user ids, by value (no foreign key crosses schemas).
 * - `customers`: one provider customer per member.
 * - `checkout_sessions`: each checkout started for a member (id = the provider's), so verify-payment only reads a
 *   member's own.
 * - `subscriptions`: the provider's subscriptions as last read; `provider_updated_at` orders changes (an older read
 *   never overwrites a newer), `lapsed_at` is when it was first seen past due.
 * - `provider_events`: every verified event, once (`provider_event_id` unique), processed from the queue.
 * - `local_*`: the `local` provider's own records (its customers, checkouts and subscriptions), as Stripe keeps them
 *   on its side; nothing but the local adapter reads them.
 */
export class CreateBilling1764200000000 implements MigrationInterface {
  name = 'CreateBilling1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE billing.customers (
        user_id uuid PRIMARY KEY,
        provider varchar(10) NOT NULL CHECK (provider IN ('local', 'stripe')),
        provider_customer_id text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE billing.checkout_sessions (
        id text PRIMARY KEY,
        user_id uuid NOT NULL,
        plan varchar(10) NOT NULL CHECK (plan IN ('monthly', 'annual')),
        status varchar(10) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
        subscription_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    await runner.query(`CREATE INDEX checkout_sessions_user ON billing.checkout_sessions (user_id, created_at DESC)`);
    await runner.query(`
      CREATE TABLE billing.subscriptions (
        provider_subscription_id text PRIMARY KEY,
        user_id uuid NOT NULL,
        provider_customer_id text NOT NULL,
        plan varchar(10) CHECK (plan IN ('monthly', 'annual')),
        status varchar(32) NOT NULL,
        current_period_end timestamptz,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        provider_updated_at timestamptz NOT NULL,
        lapsed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX subscriptions_user ON billing.subscriptions (user_id)`);
    await runner.query(`
      CREATE TABLE billing.provider_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider_event_id text NOT NULL UNIQUE,
        type text NOT NULL,
        created_at_provider timestamptz NOT NULL,
        subscription_id text,
        checkout_id text,
        customer_id text,
        user_id uuid,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        processed_at timestamptz
      )`);
    await runner.query(
      `CREATE INDEX provider_events_unprocessed ON billing.provider_events (received_at) WHERE processed_at IS NULL`,
    );
    await runner.query(`
      CREATE TABLE billing.local_customers (
        id text PRIMARY KEY,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE billing.local_subscriptions (
        id text PRIMARY KEY,
        customer_id text NOT NULL REFERENCES billing.local_customers(id),
        user_id uuid NOT NULL,
        plan varchar(10) NOT NULL CHECK (plan IN ('monthly', 'annual')),
        status varchar(32) NOT NULL,
        current_period_end timestamptz NOT NULL,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE billing.local_checkouts (
        id text PRIMARY KEY,
        customer_id text NOT NULL REFERENCES billing.local_customers(id),
        user_id uuid NOT NULL,
        plan varchar(10) NOT NULL CHECK (plan IN ('monthly', 'annual')),
        status varchar(10) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
        success_url text NOT NULL,
        cancel_url text NOT NULL,
        subscription_id text REFERENCES billing.local_subscriptions(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'local_checkouts',
      'local_subscriptions',
      'local_customers',
      'provider_events',
      'subscriptions',
      'checkout_sessions',
      'customers',
    ]) {
      await runner.query(`DROP TABLE billing.${table}`);
    }
  }
}
