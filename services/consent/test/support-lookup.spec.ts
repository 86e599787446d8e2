import { type SupportSessionRecord, supportSessionRecordSchema } from '@app/contracts';
import { makeTestRecording } from '@app/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  call,
  CLIENT,
  type CreatedSession,
  CREDENTIAL_REFUSED,
  decisionFields,
  expectAnswer,
  PARTNER,
  partnerHeaders,
  processVideo,
  SESSION_NOT_FOUND,
  storedRecording,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';
import { allSent, MEMBER_PHONE, phoneForms, sessionWithPhone, textsWhen } from './text-message-helpers';

const TRANSCRIPT = 'my name is jordan lee and i consent';

describe('the support lookup of a session (consent service, real Postgres and Redis)', () => {
  let consent: ConsentTestApp;
  let session: CreatedSession;
  let assetId: string;

  beforeAll(async () => {
    consent = await startConsentTestApp();
    session = await answeredSession();
  });
  afterAll(async () => {
    await consent.close();
  });

  /** The whole life of a granted session: created, link opened, recording stored, Yes submitted, judged, both texts sent. */
  async function answeredSession(): Promise<CreatedSession> {
    const created = await sessionWithPhone(consent);
    await call(consent, 'get', `/sessions/qr/${created.qrCodeId}`).set(partnerHeaders(created)).expect(200);
    assetId = await storedRecording(consent, created, await makeTestRecording('webm'));
    await processVideo(consent, created, decisionFields(created, assetId)).expect(202);
    await request(consent.baseUrl)
      .post(`/analysis/${created.id}/verdict`)
      .set('X-Internal-Token', consent.mediaWorkerToken)
      .send({
        videoAssetId: assetId,
        outcome: 'granted',
        reasons: ['affirmed', 'name_matches'],
        transcript: TRANSCRIPT,
        recogniser: 'pocketsphinx test',
        timingsMs: { normalize: 3, transcribe: 40, judge: 1 },
      })
      .expect(200);
    await textsWhen(consent, created.id, allSent(2));
    return created;
  }

  async function lookup(id: string): Promise<{ record: SupportSessionRecord; text: string }> {
    const response = await call(consent, 'get', `/support/sessions/${id}`).expect(200);
    return { record: supportSessionRecordSchema.strict().parse(response.body), text: response.text };
  }

  it("answers the session's state, its timeline with the chain verified, the verdict's reasons, the texts and the jobs", async () => {
    const { record } = await lookup(session.id);
    expect(record.session).toMatchObject({
      id: session.id,
      qrCodeId: session.qrCodeId,
      initiatorUserId: session.initiatorUserId,
      consentStatus: 'granted',
      aiVerdict: 'granted',
      recipientDecision: 'yes',
      videoAssetId: assetId,
    });
    expect(record.session.verificationTextSentAt).not.toBeNull();
    expect(record.timeline.map(({ seq, event, actor }) => [seq, event, actor])).toEqual([
      [1, 'session_created', 'member'],
      [2, 'link_opened', 'partner'],
      [3, 'recording_stored', 'partner'],
      [4, 'decision_submitted', 'partner'],
      [5, 'status_changed', 'partner'],
      [6, 'verdict_stored', 'system'],
      [7, 'status_changed', 'system'],
    ]);
    expect(record.timeline[3].details).toEqual({
      decision: 'yes',
      videoAssetId: assetId,
      withRecording: true,
      attempt: 1,
    });
    expect(record.timeline[5].details).toEqual({ outcome: 'granted', reasons: 'affirmed,name_matches' });
    expect(record.chain).toEqual({ verified: true, length: 7, brokenAtSeq: null, reason: null });
    expect(record.verdict).toEqual({
      outcome: 'granted',
      reasons: ['affirmed', 'name_matches'],
      recogniser: 'pocketsphinx test',
      timingsMs: { normalize: 3, transcribe: 40, judge: 1 },
      videoAssetId: assetId,
      phoneVerifiedAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(
      record.textMessages.map(({ recipient, phone, status, attempts, provider }) => ({
        recipient,
        phone,
        status,
        attempts,
        provider,
      })),
    ).toEqual([
      { recipient: 'partner', phone: '••••••43', status: 'sent', attempts: 1, provider: 'log' },
      { recipient: 'member', phone: '••••••13', status: 'sent', attempts: 1, provider: 'log' },
    ]);
    const [partnerText, memberText] = record.textMessages;
    expect(record.jobs).toEqual([
      { queue: 'media-analysis', name: 'analyze-recording', id: `${session.id}.1` },
      { queue: 'session-updates', name: 'push-session-update', id: `${session.id}.submitted` },
      { queue: 'session-updates', name: 'push-session-update', id: `${session.id}.verdict` },
      { queue: 'session-updates', name: 'push-session-update', id: `${session.id}.text_sent` },
      { queue: 'text-messages', name: 'send-text-message', id: partnerText.id },
      { queue: 'text-messages', name: 'send-text-message', id: memberText.id },
    ]);
  });

  it('never answers a full phone number, a name, the transcript, the recording, the link token or the client', async () => {
    const { text } = await lookup(session.id);
    const [row] = await consent.dataSource.query(`SELECT storage_key FROM consent.video_assets WHERE id = $1`, [
      assetId,
    ]);
    const bodies = (
      await consent.dataSource.query(`SELECT body FROM consent.text_messages WHERE session_id = $1`, [session.id])
    ).map((text: { body: string }) => text.body);
    const secrets = [
      ...phoneForms(PARTNER.phone),
      ...phoneForms(MEMBER_PHONE),
      PARTNER.name,
      'Alex Doe',
      TRANSCRIPT,
      'transcript',
      row.storage_key,
      session.recipientToken,
      CLIENT.ip,
      CLIENT.userAgent,
      ...bodies,
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it("shows a session awaiting a retake: the unclear attempt's number and reasons and its push, never what was heard", async () => {
    const retaking = await sessionWithPhone(consent);
    const first = await storedRecording(consent, retaking, await makeTestRecording('webm'));
    await processVideo(consent, retaking, decisionFields(retaking, first)).expect(202);
    const heard = 'i can send jordan lee it';
    await request(consent.baseUrl)
      .post(`/analysis/${retaking.id}/verdict`)
      .set('X-Internal-Token', consent.mediaWorkerToken)
      .send({
        videoAssetId: first,
        outcome: 'unclear',
        reasons: ['sound_alike_consent'],
        transcript: heard,
        recogniser: 'pocketsphinx test',
        timingsMs: {},
      })
      .expect(200);

    const { record, text } = await lookup(retaking.id);
    expect(record.session).toMatchObject({ aiVerdict: 'processing', consentStatus: 'pending' });
    expect(record.verdict).toBeNull();
    expect(record.timeline.at(-1)).toEqual({
      seq: 5,
      event: 'attempt_unclear',
      at: expect.any(String),
      actor: 'system',
      details: { attempt: 1, reasons: 'sound_alike_consent' },
    });
    expect(record.jobs.map((job) => job.id)).toEqual([
      `${retaking.id}.1`,
      `${retaking.id}.submitted`,
      `${retaking.id}.retake_requested.1`,
    ]);
    expect(text).not.toContain(heard);
    expect(text).not.toContain('transcript');
  });

  it('says the chain is broken once an audit row was altered behind the service', async () => {
    const tampered = await answeredSession();
    await consent.dataSource.transaction(async (manager) => {
      // As someone with direct database access could: the append-only trigger is bypassed.
      await manager.query(`ALTER TABLE consent.audit_log DISABLE TRIGGER audit_log_append_only`);
      await manager.query(
        `UPDATE consent.audit_log SET details = '{"decision":"no","withRecording":true}' WHERE session_id = $1 AND seq = 4`,
        [tampered.id],
      );
      await manager.query(`ALTER TABLE consent.audit_log ENABLE TRIGGER audit_log_append_only`);
    });
    const { record } = await lookup(tampered.id);
    expect(record.chain).toEqual({ verified: false, length: 7, brokenAtSeq: 4, reason: 'row content was altered' });
    expect(record.timeline[3].details).toEqual({ decision: 'no', withRecording: true });
    expect((await lookup(session.id)).record.chain.verified).toBe(true);
  });

  it('answers an unknown or malformed id as the unknown session', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', session.qrCodeId])
      expectAnswer(await call(consent, 'get', `/support/sessions/${id}`), 404, SESSION_NOT_FOUND);
  });

  it("refuses the media worker's credential and a call without one", async () => {
    const path = `/support/sessions/${session.id}`;
    expectAnswer(
      await request(consent.baseUrl).get(path).set('X-Internal-Token', consent.mediaWorkerToken),
      401,
      CREDENTIAL_REFUSED,
    );
    expectAnswer(await request(consent.baseUrl).get(path), 401, CREDENTIAL_REFUSED);
  });
});
