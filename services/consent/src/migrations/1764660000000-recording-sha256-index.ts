import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `/verify/recording` finds a stored recording by its SHA-256: an index, so anyone's upload costs one lookup. */
export class RecordingSha256Index1764660000000 implements MigrationInterface {
  name = 'RecordingSha256Index1764660000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX video_assets_sha256 ON consent.video_assets (sha256) WHERE sha256 IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX consent.video_assets_sha256`);
  }
}
