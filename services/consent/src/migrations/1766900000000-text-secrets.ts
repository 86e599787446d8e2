import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Texts already out of our hands (sent, or failed for good) keep no secret from now on: a code's text keeps no code and
 * a link no secret in its fragment (the receipt's `#<secret>`), as the send job now leaves them. Nothing sends those
 * rows again, so nothing needs what is removed; a pending text keeps its body until sent. The removal is not undone.
 */
export class TextSecrets1766900000000 implements MigrationInterface {
  name = 'TextSecrets1766900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `UPDATE consent.text_messages SET body = 'ConsentIQ code: [removed]' WHERE purpose = 'phone_code' AND status <> 'pending'`,
    );
    await runner.query(
      `UPDATE consent.text_messages SET body = regexp_replace(body, '#[A-Za-z0-9_-]+', '', 'g') WHERE purpose <> 'phone_code' AND status <> 'pending' AND body LIKE '%#%'`,
    );
  }

  async down(): Promise<void> {
    // What was removed is gone; the rows stay as they are.
  }
}
