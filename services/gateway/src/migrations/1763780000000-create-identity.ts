import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateIdentity1763780000000 implements MigrationInterface {
  name = 'CreateIdentity1763780000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE identity.users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        password_hash text NOT NULL,
        full_name varchar(200) NOT NULL,
        phone_number varchar(32) NOT NULL,
        profile_picture_key varchar(200),
        subscription_status varchar(20) NOT NULL DEFAULT 'inactive'
          CHECK (subscription_status IN ('inactive', 'active', 'past_due', 'canceled')),
        account_deletion_date timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_unique UNIQUE (email),
        CONSTRAINT users_email_lowercase CHECK (email = lower(email))
      )`);
    await runner.query(`
      CREATE TABLE identity.auth_sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await runner.query(`CREATE INDEX auth_sessions_user_id ON identity.auth_sessions (user_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE identity.auth_sessions`);
    await runner.query(`DROP TABLE identity.users`);
  }
}
