import { distinctRecording, makeTestRecording } from '@app/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { AuditLogService } from '../src/audit/audit-log.service';
import { ConsentSessionsRepository } from '../src/session-records/consent-sessions.repository';
import {
  call,
  type CreatedSession,
  createSession,
  decisionFields,
  filesUnder,
  processVideo,
  storedRecording,
} from './consent-api';
import { type ConsentTestApp, startConsentTestApp } from './consent-test-app';

/**
 * DELETE /members/:userId, the consent service's part of an account's deletion: every session the member initiated
 * goes with its recordings (rows and encrypted objects), verdict, texts and audit chain; other members' stay; a second
 * call, and a call after a run that stopped half way, answer 204 and finish the job. The audit log stays append-only
 * for everything but a deleted session's cascade.
 */

let consent: ConsentTestApp;
let video: Buffer;

beforeAll(async () => {
  consent = await startConsentTestApp();
  video = await makeTestRecording('webm');
});

afterAll(async () => {
  await consent.close();
});

function deleteMember(userId: string, token = consent.internalToken) {
  return request(consent.baseUrl).delete(`/members/${userId}`).set('X-Internal-Token', token);
}

/** A session with a stored recording the partner declined: a video asset and its object, a verdict, texts, audit rows. */
async function answeredSession(userId: string): Promise<{ session: CreatedSession; assetId: string }> {
  const session = await createSession(consent, userId);
  const assetId = await storedRecording(consent, session, distinctRecording(video));
  const response = await processVideo(consent, session, { ...decisionFields(session, assetId), decision: 'no' });
  expect(response.status).toBe(202);
  return { session, assetId };
}

async function count(table: string, sessionIds: string[]): Promise<number> {
  const column = table === 'consent_sessions' ? 'id' : 'session_id';
  const [row] = await consent.dataSource.query(
    `SELECT count(*)::int AS n FROM consent.${table} WHERE ${column} = ANY($1::uuid[])`,
    [sessionIds],
  );
  return row.n;
}

async function rowsOf(sessionIds: string[]): Promise<Record<string, number>> {
  const tables = ['consent_sessions', 'video_assets', 'verdicts', 'text_messages', 'audit_log'];
  return Object.fromEntries(
    await Promise.all(tables.map(async (table) => [table, await count(table, sessionIds)] as const)),
  );
}

async function objectsOf(sessionIds: string[]): Promise<string[]> {
  return (await filesUnder(consent.storageDir)).filter((file) => sessionIds.some((id) => file.includes(id)));
}

describe('DELETE /members/:userId', () => {
  it('deletes every session of the member with everything hanging off it, and nothing of anyone else', async () => {
    const member = randomUUID();
    const other = randomUUID();
    const answered = await answeredSession(member);
    const open = await createSession(consent, member);
    const uploadedOnly = await createSession(consent, member);
    await storedRecording(consent, uploadedOnly, distinctRecording(video));
    const others = await answeredSession(other);

    const mine = [answered.session.id, open.id, uploadedOnly.id];
    expect(await rowsOf(mine)).toMatchObject({ consent_sessions: 3, video_assets: 2, verdicts: 1, text_messages: 1 });
    expect((await rowsOf(mine)).audit_log).toBeGreaterThan(0);
    expect(await objectsOf(mine)).toHaveLength(2);
    const othersBefore = await rowsOf([others.session.id]);

    await deleteMember(member).expect(204);

    expect(await rowsOf(mine)).toEqual({
      consent_sessions: 0,
      video_assets: 0,
      verdicts: 0,
      text_messages: 0,
      audit_log: 0,
    });
    expect(await objectsOf(mine)).toEqual([]);
    expect(await rowsOf([others.session.id])).toEqual(othersBefore);
    expect(await objectsOf([others.session.id])).toHaveLength(1);
    expect(await consent.app.get(AuditLogService).verify(others.session.id)).toMatchObject({ valid: true });
    const read = await call(consent, 'get', `/sessions/${answered.session.id}`).set('X-Actor-User-Id', member);
    expect(read.status).toBe(404);
  });

  it('answers 204 again, and for a member it never knew', async () => {
    const member = randomUUID();
    await answeredSession(member);
    await deleteMember(member).expect(204);
    await deleteMember(member).expect(204);
    await deleteMember(randomUUID()).expect(204);
  });

  it('finishes on a second call what a call that stopped after deleting the objects left', async () => {
    const member = randomUUID();
    const { session } = await answeredSession(member);
    const repository = consent.app.get(ConsentSessionsRepository);
    const failing = jest.spyOn(repository, 'deleteWithEverything').mockRejectedValueOnce(new Error('connection lost'));
    try {
      expect((await deleteMember(member)).status).toBe(500);
    } finally {
      failing.mockRestore();
    }
    expect(await objectsOf([session.id])).toEqual([]);
    expect((await rowsOf([session.id])).consent_sessions).toBe(1);

    await deleteMember(member).expect(204);
    expect(await rowsOf([session.id])).toEqual({
      consent_sessions: 0,
      video_assets: 0,
      verdicts: 0,
      text_messages: 0,
      audit_log: 0,
    });
  });

  it('deletes both at once: two calls for one member at the same time', async () => {
    const member = randomUUID();
    const sessions = [await answeredSession(member), await answeredSession(member)].map(({ session }) => session.id);
    const answers = await Promise.all([deleteMember(member), deleteMember(member)]);
    expect(answers.map((answer) => answer.status)).toEqual([204, 204]);
    expect(await rowsOf(sessions)).toEqual({
      consent_sessions: 0,
      video_assets: 0,
      verdicts: 0,
      text_messages: 0,
      audit_log: 0,
    });
    expect(await objectsOf(sessions)).toEqual([]);
  });

  it('takes only the gateway credential and a uuid', async () => {
    await deleteMember(randomUUID(), 'wrong').expect(401);
    await deleteMember(randomUUID(), consent.mediaWorkerToken).expect(401);
    await request(consent.baseUrl).delete(`/members/${randomUUID()}`).expect(401);
    const malformed = await deleteMember('not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'validation_failed' });
  });
});

describe('the audit log after the deletion migration', () => {
  it('still refuses UPDATE and DELETE of audit rows, one row or a whole chain', async () => {
    const { session } = await answeredSession(randomUUID());
    const { dataSource } = consent;
    await expect(
      dataSource.query(`UPDATE consent.audit_log SET event = 'link_opened' WHERE session_id = $1 AND seq = 1`, [
        session.id,
      ]),
    ).rejects.toThrow(/append-only/);
    await expect(
      dataSource.query(`DELETE FROM consent.audit_log WHERE session_id = $1 AND seq = 1`, [session.id]),
    ).rejects.toThrow(/append-only/);
    await expect(dataSource.query(`DELETE FROM consent.audit_log WHERE session_id = $1`, [session.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(
      dataSource.query(`UPDATE consent.audit_log SET session_id = $2 WHERE session_id = $1`, [
        session.id,
        randomUUID(),
      ]),
    ).rejects.toThrow(/append-only/);
    expect(await consent.app.get(AuditLogService).verify(session.id)).toMatchObject({ valid: true });
  });

  it('refuses an audit row for a session that does not exist', async () => {
    await expect(
      consent.dataSource.query(
        `INSERT INTO consent.audit_log (session_id, seq, event, created_at, prev_hash, row_hash) VALUES ($1, 1, 'link_opened', now(), repeat('0', 64), repeat('0', 64))`,
        [randomUUID()],
      ),
    ).rejects.toThrow(/foreign key/);
  });
});
