import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `held_analyses`: a take analysed while its partner reviews it, one row per take. Its result waits here, seen by
 * nobody, until the partner answers; the name and what was heard are cleared once the take is answered or discarded,
 * leaving only what happened to it and when.
 */
export class HeldAnalyses1767100000000 implements MigrationInterface {
  name = 'HeldAnalyses1767100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE consent.held_analyses (
        video_asset_id uuid PRIMARY KEY REFERENCES consent.video_assets (id) ON DELETE CASCADE,
        session_id uuid NOT NULL REFERENCES consent.consent_sessions (id) ON DELETE CASCADE,
        state varchar(10) NOT NULL CHECK (state IN ('analysing', 'held', 'answered', 'discarded')),
        typed_name varchar(200),
        outcome varchar(10) CHECK (outcome IN ('granted', 'denied', 'unclear', 'failed')),
        reasons jsonb,
        transcript text,
        recogniser varchar(200),
        name_check varchar(16),
        timings_ms jsonb,
        discard_reason varchar(16),
        requested_at timestamptz NOT NULL DEFAULT now(),
        ended_at timestamptz
      )`);
    await runner.query(`CREATE INDEX held_analyses_session ON consent.held_analyses (session_id)`);
    // The abandoned takes' pass looks at the last day's recordings only.
    await runner.query(`CREATE INDEX video_assets_stored_at ON consent.video_assets (stored_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX consent.video_assets_stored_at`);
    await runner.query(`DROP TABLE consent.held_analyses`);
  }
}
