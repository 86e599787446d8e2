import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Private safety questions: `safety_stopped_at` is set when the partner's No to one of them ended the session, so the
 * partner's own screen (and only theirs) can show support again after a reload. The answers themselves are in the
 * audit log (`safety_answers`).
 */
export class SafetyAnswers1764634000000 implements MigrationInterface {
  name = 'SafetyAnswers1764634000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE consent.consent_sessions ADD COLUMN safety_stopped_at timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE consent.consent_sessions DROP COLUMN safety_stopped_at`);
  }
}
