import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Once the partner proves their phone, that browser gets a credential of its own (a cookie) and the link's token,
 * which the member's screen showed too, no longer acts for the partner. Only the credential's SHA-256 is kept.
 */
export class PartnerCredential1766300000000 implements MigrationInterface {
  name = 'PartnerCredential1766300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE consent.consent_sessions ADD COLUMN partner_credential_hash bytea`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE consent.consent_sessions DROP COLUMN partner_credential_hash`);
  }
}
