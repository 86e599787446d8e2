import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Retakes: a partner whose recording the speech check found unclear may record again, up to MAX_RECORDING_ATTEMPTS.
 * - `analysis_attempts` keeps each analysed recording's outcome, one row per (session, attempt): a duplicated report
 *   is inserted once. The session's final verdict stays in `verdicts`.
 * - `consent_sessions.attempts` counts the recordings submitted for analysis (each attempt has a job of its own);
 *   `retake_until` is set while the session waits for a retake, until when it may be made. A session answered before
 *   this migration counts its one analysed recording.
 */
export class AnalysisAttempts1764500000000 implements MigrationInterface {
  name = 'AnalysisAttempts1764500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE consent.consent_sessions
        ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        ADD COLUMN retake_until timestamptz`);
    await runner.query(
      `UPDATE consent.consent_sessions SET attempts = 1 WHERE recipient_decision = 'yes' AND video_asset_id IS NOT NULL`,
    );
    // The periodic pass that closes lapsed retake windows reads only the sessions waiting for one.
    await runner.query(
      `CREATE INDEX consent_sessions_retake_until ON consent.consent_sessions (retake_until) WHERE retake_until IS NOT NULL`,
    );
    await runner.query(`
      CREATE TABLE consent.analysis_attempts (
        session_id uuid NOT NULL REFERENCES consent.consent_sessions (id) ON DELETE CASCADE,
        attempt integer NOT NULL CHECK (attempt >= 1),
        video_asset_id uuid REFERENCES consent.video_assets (id) ON DELETE SET NULL,
        outcome varchar(10) NOT NULL CHECK (outcome IN ('granted', 'denied', 'unclear', 'failed')),
        reasons jsonb NOT NULL DEFAULT '[]',
        transcript text,
        recogniser varchar(200),
        timings_ms jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (session_id, attempt)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE consent.analysis_attempts`);
    await runner.query(`DROP INDEX consent.consent_sessions_retake_until`);
    await runner.query(`ALTER TABLE consent.consent_sessions DROP COLUMN retake_until, DROP COLUMN attempts`);
  }
}
