import { MigrationInterface, QueryRunner } from 'typeorm';

/** The consent service's own schema. initiator_user_id points into the gateway's schema by value only: no foreign key crosses schemas. */
export class CreateConsent1763790000000 implements MigrationInterface {
  name = 'CreateConsent1763790000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE consent.consent_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        qr_code_id varchar(64) NOT NULL UNIQUE,
        initiator_user_id uuid NOT NULL,
        initiator_full_name varchar(200) NOT NULL,
        initiator_picture_url varchar(300),
        recipient_token_hash bytea NOT NULL,
        verified_over_18 boolean NOT NULL DEFAULT false,
        recipient_full_name varchar(200),
        recipient_phone varchar(32),
        consent_status varchar(10) NOT NULL DEFAULT 'pending' CHECK (consent_status IN ('pending', 'granted', 'denied')),
        ai_verdict varchar(10) CHECK (ai_verdict IN ('processing', 'granted', 'denied')),
        recipient_decision varchar(3) CHECK (recipient_decision IN ('yes', 'no')),
        video_asset_id uuid,
        consent_granted_time timestamptz,
        delete_after_days integer NOT NULL CHECK (delete_after_days BETWEEN 1 AND 3650),
        expires_at timestamptz NOT NULL,
        audit_seq integer NOT NULL DEFAULT 0,
        audit_head char(64) NOT NULL DEFAULT repeat('0', 64),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX consent_sessions_initiator ON consent.consent_sessions (initiator_user_id, created_at DESC)`,
    );
    await runner.query(`
      CREATE TABLE consent.video_assets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL REFERENCES consent.consent_sessions(id) ON DELETE CASCADE,
        filename varchar(200) NOT NULL,
        mime_type varchar(100) NOT NULL,
        file_size bigint NOT NULL CHECK (file_size >= 0),
        storage_key varchar(300) NOT NULL UNIQUE,
        is_encrypted boolean NOT NULL DEFAULT true CHECK (is_encrypted),
        sha256 char(64),
        stored_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX video_assets_session ON consent.video_assets (session_id)`);
    await runner.query(`
      CREATE TABLE consent.audit_log (
        id bigserial PRIMARY KEY,
        session_id uuid NOT NULL,
        seq integer NOT NULL CHECK (seq >= 1),
        event varchar(40) NOT NULL,
        details jsonb NOT NULL DEFAULT '{}',
        ip varchar(64),
        user_agent varchar(500),
        created_at timestamptz NOT NULL,
        prev_hash char(64) NOT NULL,
        row_hash char(64) NOT NULL,
        UNIQUE (session_id, seq)
      )`);
    // Append-only: the application role can add rows but never change or remove them.
    await runner.query(`
      CREATE FUNCTION consent.audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'consent.audit_log is append-only';
      END $$`);
    await runner.query(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON consent.audit_log
      FOR EACH ROW EXECUTE FUNCTION consent.audit_log_is_append_only()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE consent.audit_log`);
    await runner.query(`DROP FUNCTION consent.audit_log_is_append_only()`);
    await runner.query(`DROP TABLE consent.video_assets`);
    await runner.query(`DROP TABLE consent.consent_sessions`);
  }
}
