import { deletionCountSchema } from '@app/contracts';
import { distinctRecording, makeTestRecording } from '@app/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createSession, filesUnder, storedRecording } from './consent-api';
import { type ConsentTestApp, startConsentTestApp } from './consent-test-app';

/**
 * POST /retention/expired-sessions, the retention schedule's deletions: a lapsed member's session goes once its
 * `deleteAfterDays` have passed since the lapse, with its recording's object, and not before; each deleted session is
 * logged exactly once in the append-only `deletion_log`, also when the call is repeated or made several times at once;
 * an account's deletion logs its sessions too.
 */

const DAY = 24 * 3600 * 1000;

let consent: ConsentTestApp;
let video: Buffer;

beforeAll(async () => {
  consent = await startConsentTestApp();
  video = await makeTestRecording('webm');
});

afterAll(async () => {
  await consent.close();
});

const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

function expire(members: { userId: string; lapsedAt: string }[], token = consent.internalToken) {
  return request(consent.baseUrl).post('/retention/expired-sessions').set('X-Internal-Token', token).send({ members });
}

async function expireOk(members: { userId: string; lapsedAt: string }[]) {
  const response = await expire(members);
  expect(response.status).toBe(200);
  return deletionCountSchema.strict().parse(response.body);
}

/** A session of the member kept for `deleteAfterDays` after a lapse, with a stored recording. */
async function recordedSession(userId: string, deleteAfterDays: number): Promise<string> {
  const session = await createSession(consent, userId, { initiatorFullName: 'Alex Doe', deleteAfterDays });
  await storedRecording(consent, session, distinctRecording(video));
  return session.id;
}

async function remaining(sessionIds: string[]): Promise<{ sessions: number; objects: number }> {
  const [{ n }] = await consent.dataSource.query(
    `SELECT count(*)::int AS n FROM consent.consent_sessions WHERE id = ANY($1::uuid[])`,
    [sessionIds],
  );
  const objects = (await filesUnder(consent.storageDir)).filter((file) =>
    sessionIds.some((id) => file.includes(id)),
  ).length;
  return { sessions: n, objects };
}

async function logOf(
  sessionIds: string[],
): Promise<{ session_id: string; initiator_user_id: string; reason: string; recording_objects: number }[]> {
  return consent.dataSource.query(
    `SELECT session_id, initiator_user_id, reason, recording_objects FROM consent.deletion_log WHERE session_id = ANY($1::uuid[]) ORDER BY session_id`,
    [sessionIds],
  );
}

const sorted = (ids: string[]) => [...ids].sort();

describe('POST /retention/expired-sessions', () => {
  it("deletes exactly the sessions whose deleteAfterDays have passed since their member's lapse, each logged once", async () => {
    const recent = randomUUID();
    const long = randomUUID();
    const renewing = randomUUID();
    const untouched = randomUUID();
    const recentShort = await recordedSession(recent, 10);
    const recentKept = await recordedSession(recent, 90);
    const longShort = await recordedSession(long, 10);
    const longKept = await recordedSession(long, 90);
    // Cancelled at period end: the lapse lies ahead.
    const renewingKept = await recordedSession(renewing, 1);
    const untouchedKept = await recordedSession(untouched, 1);
    const due = [recentShort, longShort, longKept];
    const kept = [recentKept, renewingKept, untouchedKept];
    const members = [
      { userId: recent, lapsedAt: daysAgo(30) },
      { userId: long, lapsedAt: daysAgo(100) },
      { userId: renewing, lapsedAt: daysAgo(-20) },
    ];

    expect(await expireOk(members)).toEqual({ sessions: 3, objects: 3 });

    expect(await remaining(due)).toEqual({ sessions: 0, objects: 0 });
    expect(await remaining(kept)).toEqual({ sessions: 3, objects: 3 });
    const owners = new Map([
      [recentShort, recent],
      [longShort, long],
      [longKept, long],
    ]);
    expect(await logOf([...due, ...kept])).toEqual(
      sorted(due).map((id) => ({
        session_id: id,
        initiator_user_id: owners.get(id),
        reason: 'retention',
        recording_objects: 1,
      })),
    );

    // Run again: nothing more is due, nothing more is logged.
    expect(await expireOk(members)).toEqual({ sessions: 0, objects: 0 });
    expect(await remaining(kept)).toEqual({ sessions: 3, objects: 3 });
    expect(await logOf([...due, ...kept])).toHaveLength(3);
  });

  it('deletes and logs each due session once when several calls run at once', async () => {
    const members = [randomUUID(), randomUUID(), randomUUID()];
    const due: string[] = [];
    const kept: string[] = [];
    for (const userId of members) {
      due.push(await recordedSession(userId, 5), await recordedSession(userId, 20));
      kept.push(await recordedSession(userId, 90));
    }
    const lapses = members.map((userId) => ({ userId, lapsedAt: daysAgo(45) }));

    const counts = await Promise.all([
      expireOk(lapses),
      expireOk([...lapses].reverse()),
      expireOk(lapses.slice(1)),
      expireOk(lapses),
    ]);

    expect(counts.reduce((sum, count) => sum + count.sessions, 0)).toBe(due.length);
    expect(await remaining(due)).toEqual({ sessions: 0, objects: 0 });
    expect(await remaining(kept)).toEqual({ sessions: kept.length, objects: kept.length });
    const log = await logOf([...due, ...kept]);
    expect(log.map((row) => row.session_id)).toEqual(sorted(due));
    expect(log.every((row) => row.reason === 'retention' && row.recording_objects === 1)).toBe(true);
  });

  it('takes only the gateway credential and a well-formed batch', async () => {
    const member = { userId: randomUUID(), lapsedAt: daysAgo(1) };
    expect((await expire([member], 'wrong')).status).toBe(401);
    expect((await expire([member], consent.mediaWorkerToken)).status).toBe(401);
    for (const members of [
      [],
      [{ userId: 'not-a-uuid', lapsedAt: daysAgo(1) }],
      [{ userId: member.userId, lapsedAt: 'yesterday' }],
      Array(51).fill(member),
    ]) {
      const response = await expire(members);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_failed' });
    }
  });
});

describe('deletion_log', () => {
  it("logs an account's deletion of each of its sessions", async () => {
    const member = randomUUID();
    const sessions = [await recordedSession(member, 90), (await createSession(consent, member)).id];
    await request(consent.baseUrl)
      .delete(`/members/${member}`)
      .set('X-Internal-Token', consent.internalToken)
      .expect(204);
    await request(consent.baseUrl)
      .delete(`/members/${member}`)
      .set('X-Internal-Token', consent.internalToken)
      .expect(204);
    const log = await logOf(sessions);
    expect(log.map(({ session_id, reason }) => ({ session_id, reason }))).toEqual(
      sorted(sessions).map((id) => ({ session_id: id, reason: 'account_deleted' })),
    );
    expect(log.map((row) => row.recording_objects).sort()).toEqual([0, 1]);
  });

  it('is append-only, and holds ids and counts only', async () => {
    const member = randomUUID();
    const sessionId = await recordedSession(member, 1);
    await expireOk([{ userId: member, lapsedAt: daysAgo(2) }]);
    const { dataSource } = consent;
    await expect(
      dataSource.query(`UPDATE consent.deletion_log SET reason = 'retention' WHERE session_id = $1`, [sessionId]),
    ).rejects.toThrow(/append-only/);
    await expect(
      dataSource.query(`DELETE FROM consent.deletion_log WHERE session_id = $1`, [sessionId]),
    ).rejects.toThrow(/append-only/);
    const columns = await dataSource.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'consent' AND table_name = 'deletion_log' ORDER BY ordinal_position`,
    );
    expect(columns.map((column: { column_name: string }) => column.column_name)).toEqual([
      'id',
      'session_id',
      'initiator_user_id',
      'reason',
      'recording_objects',
      'deleted_at',
    ]);
  });
});
