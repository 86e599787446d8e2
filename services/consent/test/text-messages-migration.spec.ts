import { runMigrations } from '@app/database';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { DataSource } from 'typeorm';
import { consentDataSourceOptions } from '../src/database/consent-data-source';

/** The text-message migration applies, reverses and applies again. */
describe('migration TextMessages1764000000000', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    await runMigrations(consentDataSourceOptions(database.url));
    dataSource = await new DataSource(consentDataSourceOptions(database.url)).initialize();
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const shape = async () => ({
    table: (await dataSource.query(`SELECT to_regclass('consent.text_messages') AS name`))[0].name,
    columns: (
      await dataSource.query(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'consent' AND table_name = 'consent_sessions' AND column_name IN ('initiator_phone', 'verification_text_sent_at') ORDER BY 1`,
      )
    ).map((row: { column_name: string }) => row.column_name),
  });

  it('adds the outbox and the two session columns, and down() removes exactly them', async () => {
    expect(await shape()).toEqual({ table: 'consent.text_messages', columns: ['initiator_phone', 'verification_text_sent_at'] });
    // The migrations after it first (AnalysisAttempts1764500000000, MemberDeletion1764400000000), then it.
    for (const later of [1, 2]) {
      await dataSource.undoLastMigration({ transaction: 'each' });
      expect({ later, shape: await shape() }).toEqual({ later, shape: { table: 'consent.text_messages', columns: ['initiator_phone', 'verification_text_sent_at'] } });
    }
    await dataSource.undoLastMigration({ transaction: 'each' });
    expect(await shape()).toEqual({ table: null, columns: [] });
    expect(await dataSource.runMigrations({ transaction: 'each' })).toHaveLength(3);
    expect(await shape()).toEqual({ table: 'consent.text_messages', columns: ['initiator_phone', 'verification_text_sent_at'] });
  });
});
