import { runMigrations } from '@app/database';
import { generateRecipientToken, hashRecipientToken } from '@app/session-views';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuditEntriesRepository } from '../src/audit/audit-entries.repository';
import { AuditLogService } from '../src/audit/audit-log.service';
import { consentDataSourceOptions } from '../src/database/consent-data-source';
import { ConsentSessionsRepository } from '../src/session-records/consent-sessions.repository';
import { SessionViewMarks } from '../src/session-views/session-view-marks';

describe('audit log (real Postgres)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let audit: AuditLogService;

  beforeAll(async () => {
    database = await createTestDatabase();
    await runMigrations(consentDataSourceOptions(database.url));
    dataSource = await new DataSource(consentDataSourceOptions(database.url)).initialize();
    // The audit log only locks rows and moves their chain's head, which the read model does not hold: no marks.
    audit = new AuditLogService(
      new ConsentSessionsRepository(dataSource, null as unknown as SessionViewMarks),
      new AuditEntriesRepository(dataSource),
    );
  });
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  async function newSession(): Promise<string> {
    const id = randomUUID();
    await dataSource.query(
      `INSERT INTO consent.consent_sessions (id, qr_code_id, initiator_user_id, initiator_full_name, recipient_token_hash, delete_after_days, expires_at)
       VALUES ($1, $2, $3, 'Alex Doe', $4, 90, now() + interval '30 minutes')`,
      [id, `ciq-${id}`, randomUUID(), hashRecipientToken(generateRecipientToken())],
    );
    return id;
  }

  async function recordLifecycle(sessionId: string): Promise<void> {
    await dataSource.transaction((m) =>
      audit.append(
        m,
        sessionId,
        'session_created',
        { deleteAfterDays: 90 },
        { ip: '203.0.113.5', userAgent: 'Firefox' },
      ),
    );
    await dataSource.transaction((m) =>
      audit.append(m, sessionId, 'link_opened', {}, { ip: '198.51.100.7', userAgent: 'Safari' }),
    );
    await dataSource.transaction((m) =>
      audit.append(m, sessionId, 'recording_stored', { sha256: 'a'.repeat(64), size: 1234, type: 'video/webm' }),
    );
    await dataSource.transaction((m) => audit.append(m, sessionId, 'decision_submitted', { decision: 'yes' }));
  }

  /** Simulates someone with direct database access: the append-only trigger is bypassed, as a superuser could. */
  async function tamper(sql: string, params: unknown[]): Promise<void> {
    await dataSource.transaction(async (m) => {
      await m.query(`ALTER TABLE consent.audit_log DISABLE TRIGGER audit_log_append_only`);
      await m.query(sql, params);
      await m.query(`ALTER TABLE consent.audit_log ENABLE TRIGGER audit_log_append_only`);
    });
  }

  it('chains every row to the previous one and verifies', async () => {
    const sessionId = await newSession();
    await recordLifecycle(sessionId);
    expect(await audit.verify(sessionId)).toEqual({ valid: true, length: 4 });
    const rows = await dataSource.query(
      `SELECT seq, event, ip, user_agent, prev_hash, row_hash FROM consent.audit_log WHERE session_id = $1 ORDER BY seq`,
      [sessionId],
    );
    expect(rows.map((row: { event: string }) => row.event)).toEqual([
      'session_created',
      'link_opened',
      'recording_stored',
      'decision_submitted',
    ]);
    expect(rows[0].prev_hash).toBe('0'.repeat(64));
    expect(rows[1].prev_hash).toBe(rows[0].row_hash);
    expect(rows[1]).toMatchObject({ ip: '198.51.100.7', user_agent: 'Safari' });
  });

  it('refuses updates and deletes through the database', async () => {
    const sessionId = await newSession();
    await recordLifecycle(sessionId);
    await expect(
      dataSource.query(`UPDATE consent.audit_log SET event = 'link_opened' WHERE session_id = $1`, [sessionId]),
    ).rejects.toThrow(/append-only/);
    await expect(dataSource.query(`DELETE FROM consent.audit_log WHERE session_id = $1`, [sessionId])).rejects.toThrow(
      /append-only/,
    );
  });

  it('fails verification after a row is altered', async () => {
    const sessionId = await newSession();
    await recordLifecycle(sessionId);
    await tamper(`UPDATE consent.audit_log SET details = '{"decision":"no"}' WHERE session_id = $1 AND seq = 4`, [
      sessionId,
    ]);
    expect(await audit.verify(sessionId)).toEqual({ valid: false, brokenAtSeq: 4, reason: 'row content was altered' });
  });

  it('fails verification after a middle row or the last row is deleted', async () => {
    const middle = await newSession();
    await recordLifecycle(middle);
    await tamper(`DELETE FROM consent.audit_log WHERE session_id = $1 AND seq = 2`, [middle]);
    expect(await audit.verify(middle)).toMatchObject({ valid: false, brokenAtSeq: 2 });

    const last = await newSession();
    await recordLifecycle(last);
    await tamper(`DELETE FROM consent.audit_log WHERE session_id = $1 AND seq = 4`, [last]);
    expect(await audit.verify(last)).toMatchObject({ valid: false, brokenAtSeq: 4 });
  });

  it('keeps one consistent chain under concurrent appends to the same session', async () => {
    const sessionId = await newSession();
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        dataSource.transaction((m) => audit.append(m, sessionId, 'link_opened', { attempt: index })),
      ),
    );
    expect(await audit.verify(sessionId)).toEqual({ valid: true, length: 8 });
  });

  it('writes nothing when the surrounding transaction rolls back', async () => {
    const sessionId = await newSession();
    await expect(
      dataSource.transaction(async (m) => {
        await audit.append(m, sessionId, 'status_changed', { to: 'granted' });
        throw new Error('the change it records failed');
      }),
    ).rejects.toThrow('failed');
    expect(await audit.verify(sessionId)).toEqual({ valid: true, length: 0 });
  });
});
