import { type SupportSessionLookup, supportSessionLookupSchema } from '@app/contracts';
import { createQueue, QUEUES, queueWiringFromUrl } from '@app/queue';
import { makeTestRecording, testRedisPrefix } from '@app/testing';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually } from '../../../consent/test/consent-api';
import { allSent, phoneForms, textsWhen } from '../../../consent/test/text-message-helpers';
import { accessLog, setRole } from '../admin/staff-helpers';
import { expectError, http, registerOk } from '../api-helpers';
import {
  api,
  ConsentStack,
  CreatedSession,
  createSession,
  Member,
  memberOf,
  PARTNER,
  partnerHeaders,
  startConsentStack,
  submitDecision,
  uploadRecording,
} from '../consent/consent-stack';
import { VALID_FULL_NAME, VALID_PHONE } from '../fixtures';
import { GatewayTestApp, startGatewayTestApp } from '../gateway-test-app';

const TRANSCRIPT = 'my name is jordan lee and i consent';

/** The support lookup through the gateway, in front of the real consent service, sharing one Redis prefix as deployed. */
describe('GET /api/admin/sessions/:id', () => {
  let stack: ConsentStack;
  let updates: Queue;
  let texts: Queue;
  let member: Member;
  let session: CreatedSession;
  let support: { id: string; token: string };
  let admin: { id: string; token: string };

  beforeAll(async () => {
    const prefix = testRedisPrefix();
    stack = await startConsentStack({ REDIS_PREFIX: prefix }, { REDIS_PREFIX: prefix });
    const wiring = queueWiringFromUrl(stack.consent.config.REDIS_URL, prefix);
    updates = createQueue(QUEUES.sessionUpdates, wiring);
    texts = createQueue(QUEUES.textMessages, wiring);
    member = await memberOf(stack);
    session = await grantedSession();
    support = await staff('support');
    admin = await staff('admin');
  });
  afterAll(async () => {
    await updates.close();
    await texts.close();
    await stack.close();
  });

  async function staff(role: 'support' | 'admin'): Promise<{ id: string; token: string }> {
    const { user, token } = await registerOk(stack.gateway);
    await setRole(stack.gateway.dataSource, user.id, role);
    return { id: String(user.id), token };
  }

  /**
   * A session the partner granted through the gateway, judged by a report on the media worker's route (no worker
   * runs here, so its analysis job stays waiting), whose two texts were sent and whose pushes the gateway consumed.
   */
  async function grantedSession(): Promise<CreatedSession> {
    const created = await createSession(stack, member);
    await api(stack).get(`/api/consent/sessions/qr/${created.qrCodeId}`).set(partnerHeaders(created)).expect(200);
    const assetId = await uploadRecording(stack, created, await makeTestRecording('webm'));
    await submitDecision(stack, created, assetId).expect(202);
    await request(stack.consent.baseUrl)
      .post(`/analysis/${created.id}/verdict`)
      .set('X-Internal-Token', stack.consent.mediaWorkerToken)
      .send({
        videoAssetId: assetId,
        outcome: 'granted',
        reasons: ['affirmed', 'name_matches'],
        transcript: TRANSCRIPT,
        recogniser: 'pocketsphinx test',
        timingsMs: { normalize: 3, transcribe: 40, judge: 1 },
      })
      .expect(200);
    await textsWhen(stack.consent, created.id, allSent(2));
    await eventually(
      async () =>
        (await updates.getJobState(`${created.id}.text_sent`)) === 'completed' &&
        (await updates.getJobState(`${created.id}.verdict`)) === 'completed',
      15_000,
    );
    return created;
  }

  const lookup = (id: string, token?: string) => {
    const call = api(stack).get(`/api/admin/sessions/${id}`);
    return token ? call.set('Authorization', `Bearer ${token}`) : call;
  };
  const logOf = async (userId: string) =>
    (await accessLog(stack.gateway.dataSource)).filter((row) => row.actorUserId === userId);

  it("answers support the session's record with each job's state read from Redis, and logs the read", async () => {
    const response = await lookup(session.id, support.token).expect(200);
    const record: SupportSessionLookup = supportSessionLookupSchema.strict().parse(response.body);
    expect(record.session).toMatchObject({
      id: session.id,
      initiatorUserId: member.id,
      consentStatus: 'granted',
      aiVerdict: 'granted',
      recipientDecision: 'yes',
    });
    expect(record.chain).toEqual({ verified: true, length: 7, brokenAtSeq: null, reason: null });
    expect(record.timeline.map((entry) => entry.event)).toEqual([
      'session_created',
      'link_opened',
      'recording_stored',
      'decision_submitted',
      'status_changed',
      'verdict_stored',
      'status_changed',
    ]);
    expect(record.verdict).toMatchObject({
      outcome: 'granted',
      reasons: ['affirmed', 'name_matches'],
      recogniser: 'pocketsphinx test',
    });
    expect(record.textMessages.map(({ recipient, phone, status }) => ({ recipient, phone, status }))).toEqual([
      { recipient: 'partner', phone: '••••••43', status: 'sent' },
      { recipient: 'member', phone: '••••••67', status: 'sent' },
    ]);
    const [partnerText, memberText] = record.textMessages;
    expect(record.jobs).toEqual([
      { queue: 'media-analysis', name: 'analyze-recording', id: `${session.id}.1`, state: 'waiting' },
      { queue: 'session-updates', name: 'push-session-update', id: `${session.id}.submitted`, state: 'completed' },
      { queue: 'session-updates', name: 'push-session-update', id: `${session.id}.verdict`, state: 'completed' },
      { queue: 'session-updates', name: 'push-session-update', id: `${session.id}.text_sent`, state: 'completed' },
      { queue: 'text-messages', name: 'send-text-message', id: partnerText.id, state: 'completed' },
      { queue: 'text-messages', name: 'send-text-message', id: memberText.id, state: 'completed' },
    ]);
    expect(await logOf(support.id)).toEqual([
      { actorUserId: support.id, action: 'view_session', target: `session:${session.id}`, at: expect.any(Date) },
    ]);
  });

  it('never answers a full phone number, a name, the transcript, the recording or the link token', async () => {
    const { text } = await lookup(session.id, admin.token).expect(200);
    const [asset] = await stack.consent.dataSource.query(
      `SELECT storage_key FROM consent.video_assets WHERE session_id = $1`,
      [session.id],
    );
    for (const secret of [
      ...phoneForms(PARTNER.phone),
      ...phoneForms(VALID_PHONE),
      PARTNER.name,
      VALID_FULL_NAME,
      TRANSCRIPT,
      'transcript',
      asset.storage_key,
      session.recipientToken,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('says `removed` for a job BullMQ no longer holds', async () => {
    const { body } = await lookup(session.id, admin.token).expect(200);
    const textJob = (body as SupportSessionLookup).jobs.find((job) => job.queue === 'text-messages')!;
    await texts.remove(textJob.id);
    const after = (await lookup(session.id, admin.token).expect(200)).body as SupportSessionLookup;
    expect(after.jobs.find((job) => job.id === textJob.id)?.state).toBe('removed');
  });

  it('refuses a member (403) and a signed-out caller (401), and logs nothing for them', async () => {
    const response = await lookup(session.id, member.token);
    expectError(response, 403);
    expect(response.body.code).toBe('role_required');
    expectError(await lookup(session.id), 401, 'Not signed in');
    expect(await logOf(member.id)).toEqual([]);
  });

  it('answers an unknown id 404 (the read still logged) and a malformed one 404 before anything is read or logged', async () => {
    const reader = await staff('support');
    const unknown = randomUUID();
    expectError(await lookup(unknown, reader.token), 404, 'This consent session is invalid or has expired.');
    expectError(await lookup('not-a-session', reader.token), 404);
    expectError(await lookup(session.qrCodeId, reader.token), 404);
    expect((await logOf(reader.id)).map((row) => row.target)).toEqual([`session:${unknown}`]);
  });
});

describe('GET /api/admin/sessions/:id without the consent service', () => {
  let gateway: GatewayTestApp;

  beforeAll(async () => {
    // Nothing listens on port 1.
    gateway = await startGatewayTestApp({ CONSENT_SERVICE_URL: 'http://127.0.0.1:1' });
  });
  afterAll(async () => {
    await gateway.close();
  });

  it('answers 503 and still logs the read', async () => {
    const { user, token } = await registerOk(gateway);
    await setRole(gateway.dataSource, user.id, 'support');
    const id = randomUUID();
    expectError(
      await http(gateway).get(`/api/admin/sessions/${id}`).set('Authorization', `Bearer ${token}`),
      503,
      'The consent service is unavailable, please try again',
    );
    expect((await accessLog(gateway.dataSource)).map((row) => [row.actorUserId, row.target])).toEqual([
      [user.id, `session:${id}`],
    ]);
  });
});
