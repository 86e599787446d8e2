import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The name check beside each analysed recording and verdict: the typed name heard (`matched`), not confirmed, or a
 * different name heard (`different`). Null where nothing was listened to, and for rows stored before the check.
 */
export class NameCheck1766000000000 implements MigrationInterface {
  name = 'NameCheck1766000000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const table of ['analysis_attempts', 'verdicts']) {
      await runner.query(`
        ALTER TABLE consent.${table}
          ADD COLUMN name_check varchar(16) CHECK (name_check IN ('matched', 'not_confirmed', 'different'))`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['analysis_attempts', 'verdicts'])
      await runner.query(`ALTER TABLE consent.${table} DROP COLUMN name_check`);
  }
}
