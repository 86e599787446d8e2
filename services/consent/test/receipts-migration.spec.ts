import { randomUUID } from 'node:crypto';
import { undoMigrationsAfter, useMigratedDatabase } from './migration-helpers';

/** The receipts' migration applies, reverses and applies again, keeping the verdict texts already in the outbox. */
describe('migration Receipts1764620000000', () => {
  const database = useMigratedDatabase();

  const shape = async () => ({
    table: (await database.dataSource.query(`SELECT to_regclass('consent.receipts') AS name`))[0].name,
    columns: (
      await database.dataSource.query(
        `SELECT table_name || '.' || column_name AS name FROM information_schema.columns WHERE table_schema = 'consent'
         AND (table_name, column_name) IN (('consent_sessions', 'withdrawn_at'), ('consent_sessions', 'recording_deleted_at'), ('text_messages', 'purpose')) ORDER BY 1`,
      )
    ).map((row: { name: string }) => row.name),
  });
  const applied = {
    table: 'consent.receipts',
    columns: ['consent_sessions.recording_deleted_at', 'consent_sessions.withdrawn_at', 'text_messages.purpose'],
  };

  it('adds the receipts and the withdrawal columns, down() removes exactly them, and a text per recipient and purpose', async () => {
    expect(await shape()).toEqual(applied);
    const later = await undoMigrationsAfter(database.dataSource, 'Receipts1764620000000');
    await database.dataSource.undoLastMigration({ transaction: 'each' });
    expect(await shape()).toEqual({ table: null, columns: [] });

    const sessionId = randomUUID();
    await database.dataSource.query(
      `INSERT INTO consent.consent_sessions (id, qr_code_id, initiator_user_id, initiator_full_name, recipient_token_hash, delete_after_days, expires_at)
       VALUES ($1, 'ciq-m-receipts', $2, 'Alex Doe', '\\x00', 90, now())`,
      [sessionId, randomUUID()],
    );
    await database.dataSource.query(
      `INSERT INTO consent.text_messages (session_id, recipient, phone, body) VALUES ($1, 'member', '+15550000000', 'verdict')`,
      [sessionId],
    );

    expect(await database.dataSource.runMigrations({ transaction: 'each' })).toHaveLength(later + 1);
    expect(await shape()).toEqual(applied);
    expect(
      await database.dataSource.query(`SELECT purpose FROM consent.text_messages WHERE session_id = $1`, [sessionId]),
    ).toEqual([{ purpose: 'verdict' }]);
    const insert = (purpose: string) =>
      database.dataSource.query(
        `INSERT INTO consent.text_messages (session_id, recipient, purpose, phone, body) VALUES ($1, 'member', $2, '+15550000000', 'x')`,
        [sessionId, purpose],
      );
    await insert('withdrawal');
    await expect(insert('withdrawal')).rejects.toThrow(/text_messages_once_per_purpose/);
  });
});
