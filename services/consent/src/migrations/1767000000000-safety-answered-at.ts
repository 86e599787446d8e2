import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `safety_answered_at`: when the partner answered Yes to both safety questions, required before any recording and
 * stated by the certificate. Filled from the audit log for sessions not yet answered, so a partner between the
 * questions and their answer at the deploy goes on; answered records keep none, so their certificates stay the same.
 */
export class SafetyAnsweredAt1767000000000 implements MigrationInterface {
  name = 'SafetyAnsweredAt1767000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE consent.consent_sessions ADD COLUMN safety_answered_at timestamptz`);
    await runner.query(`
      UPDATE consent.consent_sessions target SET safety_answered_at = answered.at
        FROM (SELECT session_id, max(created_at) AS at FROM consent.audit_log
               WHERE event = 'safety_answers' AND details->>'freeToSayNo' = 'true' AND details->>'clearHeaded' = 'true'
               GROUP BY session_id) answered
       WHERE target.id = answered.session_id AND target.recipient_decision IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE consent.consent_sessions DROP COLUMN safety_answered_at`);
  }
}
