import { randomUUID } from 'node:crypto';
import { undoMigrationsAfter, useMigratedDatabase } from './migration-helpers';

/** Texts sent before the send job removed their secrets lose them too; pending ones keep their body until sent. */
describe('migration TextSecrets1766900000000', () => {
  const database = useMigratedDatabase();
  const secret = 'Qm9_dGhl-c2VjcmV0LWlzLWhlcmUtNDMtY2hhcnMtbG9uZw'.slice(0, 43);
  const link = `http://localhost:3000/r/${randomUUID()}`;

  it('removes the code and the link secret of every text no longer pending, and changes nothing else', async () => {
    const later = await undoMigrationsAfter(database.dataSource, 'TextSecrets1766900000000');
    await database.dataSource.undoLastMigration({ transaction: 'each' });

    const sessionId = randomUUID();
    await database.dataSource.query(
      `INSERT INTO consent.consent_sessions (id, qr_code_id, initiator_user_id, initiator_full_name, recipient_token_hash, delete_after_days, expires_at)
       VALUES ($1, 'ciq-m-secrets', $2, 'Alex Doe', '\\x00', 90, now())`,
      [sessionId, randomUUID()],
    );
    const rows: [string, string, string, string][] = [
      ['partner', 'phone_code', 'sent', 'ConsentIQ code: 482913. It proves this phone is yours.'],
      ['partner', 'phone_code', 'pending', 'ConsentIQ code: 571204. It proves this phone is yours.'],
      ['partner', 'verdict', 'failed', `ConsentIQ: your response was recorded. Your receipt: ${link}#${secret}`],
      [
        'member',
        'verdict',
        'sent',
        'ConsentIQ: your consent session ciq-m-secrets has a response. Open the app to see it.',
      ],
    ];
    for (const [recipient, purpose, status, body] of rows) {
      await database.dataSource.query(
        `INSERT INTO consent.text_messages (session_id, recipient, purpose, status, phone, body) VALUES ($1, $2, $3, $4, '+15550000000', $5)`,
        [sessionId, recipient, purpose, status, body],
      );
    }

    expect(await database.dataSource.runMigrations({ transaction: 'each' })).toHaveLength(later + 1);
    const bodies = await database.dataSource.query(
      `SELECT status, body FROM consent.text_messages WHERE session_id = $1 ORDER BY purpose, recipient, status`,
      [sessionId],
    );
    expect(bodies).toEqual([
      { status: 'pending', body: rows[1][3] },
      { status: 'sent', body: 'ConsentIQ code: [removed]' },
      { status: 'sent', body: rows[3][3] },
      { status: 'failed', body: `ConsentIQ: your response was recorded. Your receipt: ${link}` },
    ]);
  });
});
