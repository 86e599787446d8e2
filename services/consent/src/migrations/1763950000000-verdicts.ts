import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One verdict per session (its primary key is the session's id, so a retried or duplicated analysis can never store
 * a second one), and `failed` as an AI verdict for an analysis that could not be done.
 */
export class Verdicts1763950000000 implements MigrationInterface {
  name = 'Verdicts1763950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE consent.verdicts (
        session_id uuid PRIMARY KEY REFERENCES consent.consent_sessions (id) ON DELETE CASCADE,
        video_asset_id uuid REFERENCES consent.video_assets (id) ON DELETE SET NULL,
        outcome varchar(10) NOT NULL CHECK (outcome IN ('granted', 'denied', 'unclear', 'failed')),
        reasons jsonb NOT NULL DEFAULT '[]',
        transcript text,
        recogniser varchar(200),
        timings_ms jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`ALTER TABLE consent.consent_sessions DROP CONSTRAINT consent_sessions_ai_verdict_check`);
    await queryRunner.query(
      `ALTER TABLE consent.consent_sessions ADD CONSTRAINT consent_sessions_ai_verdict_check CHECK (ai_verdict IN ('processing', 'granted', 'denied', 'failed'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE consent.verdicts`);
    await queryRunner.query(`ALTER TABLE consent.consent_sessions DROP CONSTRAINT consent_sessions_ai_verdict_check`);
    await queryRunner.query(
      `ALTER TABLE consent.consent_sessions ADD CONSTRAINT consent_sessions_ai_verdict_check CHECK (ai_verdict IN ('processing', 'granted', 'denied'))`,
    );
  }
}
