import { undoMigrationsAfter, useMigratedDatabase } from './migration-helpers';

/** The text-message migration applies, reverses and applies again. */
describe('migration TextMessages1764000000000', () => {
  const database = useMigratedDatabase();

  const shape = async () => ({
    table: (await database.dataSource.query(`SELECT to_regclass('consent.text_messages') AS name`))[0].name,
    columns: (
      await database.dataSource.query(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'consent' AND table_name = 'consent_sessions' AND column_name IN ('initiator_phone', 'verification_text_sent_at') ORDER BY 1`,
      )
    ).map((row: { column_name: string }) => row.column_name),
  });

  it('adds the outbox and the two session columns, and down() removes exactly them', async () => {
    expect(await shape()).toEqual({
      table: 'consent.text_messages',
      columns: ['initiator_phone', 'verification_text_sent_at'],
    });
    // The migrations after it first, then it.
    const later = await undoMigrationsAfter(database.dataSource, 'TextMessages1764000000000');
    expect(await shape()).toEqual({
      table: 'consent.text_messages',
      columns: ['initiator_phone', 'verification_text_sent_at'],
    });
    await database.dataSource.undoLastMigration({ transaction: 'each' });
    expect(await shape()).toEqual({ table: null, columns: [] });
    expect(await database.dataSource.runMigrations({ transaction: 'each' })).toHaveLength(later + 1);
    expect(await shape()).toEqual({
      table: 'consent.text_messages',
      columns: ['initiator_phone', 'verification_text_sent_at'],
    });
  });
});
