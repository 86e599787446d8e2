import { runMigrations } from '@app/database';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { consentDataSourceOptions } from '../src/database/consent-data-source';

/** The retakes' migration applies, reverses and applies again, counting the one attempt of sessions answered before it. */
describe('migration AnalysisAttempts1764500000000', () => {
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
    table: (await dataSource.query(`SELECT to_regclass('consent.analysis_attempts') AS name`))[0].name,
    columns: (
      await dataSource.query(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'consent' AND table_name = 'consent_sessions' AND column_name IN ('attempts', 'retake_until') ORDER BY 1`,
      )
    ).map((row: { column_name: string }) => row.column_name),
  });

  /** A session as an earlier version stored it: answered with `decision`, with a recording unless it is null. */
  async function answeredBefore(decision: 'yes' | 'no' | null): Promise<string> {
    const id = randomUUID();
    await dataSource.query(
      `INSERT INTO consent.consent_sessions (id, qr_code_id, initiator_user_id, initiator_full_name, recipient_token_hash, recipient_decision, ai_verdict, delete_after_days, expires_at)
       VALUES ($1, $2, $3, 'Alex Doe', '\\x00', $4, $5, 90, now())`,
      [id, `ciq-m-${id.slice(0, 8)}`, randomUUID(), decision, decision ? 'processing' : null],
    );
    if (decision) {
      const assetId = randomUUID();
      await dataSource.query(
        `INSERT INTO consent.video_assets (id, session_id, filename, mime_type, file_size, storage_key, stored_at) VALUES ($1, $2, 'a.webm', 'video/webm', 1, $3, now())`,
        [assetId, id, `recordings/${id}/${assetId}`],
      );
      await dataSource.query(`UPDATE consent.consent_sessions SET video_asset_id = $2 WHERE id = $1`, [id, assetId]);
    }
    return id;
  }

  it('adds the attempts table and the two session columns, down() removes exactly them, and up() counts earlier answers', async () => {
    expect(await shape()).toEqual({ table: 'consent.analysis_attempts', columns: ['attempts', 'retake_until'] });
    await dataSource.undoLastMigration({ transaction: 'each' });
    expect(await shape()).toEqual({ table: null, columns: [] });

    const [yes, no, unanswered] = [await answeredBefore('yes'), await answeredBefore('no'), await answeredBefore(null)];
    expect(await dataSource.runMigrations({ transaction: 'each' })).toHaveLength(1);
    expect(await shape()).toEqual({ table: 'consent.analysis_attempts', columns: ['attempts', 'retake_until'] });
    const counted = await dataSource.query(`SELECT id, attempts, retake_until FROM consent.consent_sessions WHERE id = ANY($1::uuid[])`, [[yes, no, unanswered]]);
    expect(Object.fromEntries(counted.map((row: { id: string; attempts: number; retake_until: Date | null }) => [row.id, [row.attempts, row.retake_until]]))).toEqual({
      [yes]: [1, null],
      [no]: [0, null],
      [unanswered]: [0, null],
    });
  });
});
