import { randomUUID } from 'node:crypto';
import { undoMigrationsAfter, useMigratedDatabase } from './migration-helpers';

/** The retakes' migration applies, reverses and applies again, counting the one attempt of sessions answered before it. */
describe('migration AnalysisAttempts1764500000000', () => {
  const database = useMigratedDatabase();

  const shape = async () => ({
    table: (await database.dataSource.query(`SELECT to_regclass('consent.analysis_attempts') AS name`))[0].name,
    columns: (
      await database.dataSource.query(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'consent' AND table_name = 'consent_sessions' AND column_name IN ('attempts', 'retake_until') ORDER BY 1`,
      )
    ).map((row: { column_name: string }) => row.column_name),
  });

  /** A session as an earlier version stored it: answered with `decision`, with a recording unless it is null. */
  async function answeredBefore(decision: 'yes' | 'no' | null): Promise<string> {
    const id = randomUUID();
    await database.dataSource.query(
      `INSERT INTO consent.consent_sessions (id, qr_code_id, initiator_user_id, initiator_full_name, recipient_token_hash, recipient_decision, ai_verdict, delete_after_days, expires_at)
       VALUES ($1, $2, $3, 'Alex Doe', '\\x00', $4, $5, 90, now())`,
      [id, `ciq-m-${id.slice(0, 8)}`, randomUUID(), decision, decision ? 'processing' : null],
    );
    if (decision) {
      const assetId = randomUUID();
      await database.dataSource.query(
        `INSERT INTO consent.video_assets (id, session_id, filename, mime_type, file_size, storage_key, stored_at) VALUES ($1, $2, 'a.webm', 'video/webm', 1, $3, now())`,
        [assetId, id, `recordings/${id}/${assetId}`],
      );
      await database.dataSource.query(`UPDATE consent.consent_sessions SET video_asset_id = $2 WHERE id = $1`, [
        id,
        assetId,
      ]);
    }
    return id;
  }

  it('adds the attempts table and the two session columns, down() removes exactly them, and up() counts earlier answers', async () => {
    expect(await shape()).toEqual({ table: 'consent.analysis_attempts', columns: ['attempts', 'retake_until'] });
    const later = await undoMigrationsAfter(database.dataSource, 'AnalysisAttempts1764500000000');
    await database.dataSource.undoLastMigration({ transaction: 'each' });
    expect(await shape()).toEqual({ table: null, columns: [] });

    const [yes, no, unanswered] = [await answeredBefore('yes'), await answeredBefore('no'), await answeredBefore(null)];
    expect(await database.dataSource.runMigrations({ transaction: 'each' })).toHaveLength(later + 1);
    expect(await shape()).toEqual({ table: 'consent.analysis_attempts', columns: ['attempts', 'retake_until'] });
    const counted = await database.dataSource.query(
      `SELECT id, attempts, retake_until FROM consent.consent_sessions WHERE id = ANY($1::uuid[])`,
      [[yes, no, unanswered]],
    );
    expect(
      Object.fromEntries(
        counted.map((row: { id: string; attempts: number; retake_until: Date | null }) => [
          row.id,
          [row.attempts, row.retake_until],
        ]),
      ),
    ).toEqual({
      [yes]: [1, null],
      [no]: [0, null],
      [unanswered]: [0, null],
    });
  });
});
