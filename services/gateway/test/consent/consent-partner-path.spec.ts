import { JOBS, QUEUES } from '@app/queue';
import { makeTestRecording } from '@app/testing';
import { Job, Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import { AuditLogService } from '../../../consent/src/audit/audit-log.service';
import {
  api,
  ConsentStack,
  createSession,
  memberOf,
  PARTNER,
  partnerHeaders,
  startConsentStack,
  submitDecision,
  uploadRecording,
} from './consent-stack';

describe('consent session: the whole partner path through the gateway (real Postgres, Redis, storage)', () => {
  let stack: ConsentStack;
  let queue: Queue;

  beforeAll(async () => {
    stack = await startConsentStack();
    const redis = new URL(stack.consent.config.REDIS_URL);
    queue = new Queue(QUEUES.mediaAnalysis, {
      connection: { host: redis.hostname, port: Number(redis.port || 6379) },
      prefix: stack.consent.config.REDIS_PREFIX.replace(/:$/, ''),
    });
  });
  afterAll(async () => {
    await queue.close();
    await stack.close();
  });

  it('creates the session for the signed-in member, lets the partner answer with a recording, and queues the analysis', async () => {
    const member = await memberOf(stack);
    const created = await createSession(stack, member, {
      qrCodeId: 'ciq-chosen-by-client',
      initiatorUserId: '00000000-0000-4000-8000-000000000000',
      initiatorFullName: 'Somebody Else',
      verifiedOver18: true,
      recipientFullName: 'x',
      recipientPhone: 'y',
      consentStatus: 'granted',
      deleteAfterDays: 90,
    });
    // Identity and status come from the server, never from the client.
    expect(created.body).toMatchObject({
      initiatorUserId: member.id,
      initiatorFullName: 'Alex Doe',
      consentStatus: 'pending',
      aiVerdict: null,
      verifiedOver18: false,
      recipientFullName: null,
      deleteAfterDays: 90,
      initiator: {
        fullName: 'Alex Doe',
        profile_picture_url: expect.stringMatching(/^\/api\/media\/profile-pictures\//),
      },
    });
    expect(created.qrCodeId).toMatch(/^ciq-[a-z0-9]+-[a-z0-9]+$/);
    expect(created.qrCodeId).not.toBe('ciq-chosen-by-client');
    expect(Buffer.from(created.recipientToken, 'base64url').length).toBeGreaterThanOrEqual(16);

    // The partner opens the QR link: the token travels as the link's query parameter or as a header.
    const byQuery = await api(stack).get(
      `/api/consent/sessions/qr/${created.qrCodeId}?token=${created.recipientToken}`,
    );
    expect(byQuery.status).toBe(200);
    expect(byQuery.body).toMatchObject({ id: created.id, recipientToken: null, initiator: { fullName: 'Alex Doe' } });
    const byHeader = await api(stack).get(`/api/consent/sessions/qr/${created.qrCodeId}`).set(partnerHeaders(created));
    expect(byHeader.body.id).toBe(created.id);

    const video = await makeTestRecording('webm');
    const assetId = await uploadRecording(stack, created, video);
    const submitted = await submitDecision(stack, created, assetId, 'yes');
    expect(submitted.status).toBe(202);
    expect(submitted.body).toMatchObject({
      id: created.id,
      aiVerdict: 'processing',
      verifiedOver18: true,
      recipientFullName: PARTNER.name,
    });
    // Nobody needs the partner's number echoed back, the member included.
    expect(submitted.body.recipientPhone).toBe('••••••43');

    // Both sides now see "processing"; the media worker (next issue) turns it into a verdict.
    const asMember = await api(stack)
      .get(`/api/consent/sessions/${created.id}`)
      .set('Authorization', `Bearer ${member.token}`);
    expect(asMember.status).toBe(200);
    expect(asMember.body).toMatchObject({
      aiVerdict: 'processing',
      consentStatus: 'pending',
      recipientPhone: '••••••43',
    });
    expect(asMember.body.check).toBeNull();
    const asPartner = await api(stack).get(`/api/consent/sessions/${created.id}`).set(partnerHeaders(created));
    expect(asPartner.body).toMatchObject({
      aiVerdict: 'processing',
      check: { attempt: 1, maxAttempts: 3, retakeAllowed: false, heard: null },
    });

    // One job per analysis attempt (<session>.<attempt>), carrying ids only.
    const job = await Job.fromId(queue, `${created.id}.1`);
    expect(job?.name).toBe(JOBS.analyzeRecording);
    expect(job?.data).toEqual({ version: 2, sessionId: created.id, videoAssetId: assetId, attempt: 1 });

    // The stored recording is the partner's bytes, hashed and encrypted.
    const [asset] = await stack.consent.dataSource.query(
      `SELECT sha256, file_size, mime_type FROM consent.video_assets WHERE id = $1`,
      [assetId],
    );
    expect(asset).toEqual({
      sha256: createHash('sha256').update(video).digest('hex'),
      file_size: String(video.length),
      mime_type: 'video/webm',
    });

    // Every step is in the session's audit chain, which verifies.
    const events = await stack.consent.dataSource.query(
      `SELECT event FROM consent.audit_log WHERE session_id = $1 ORDER BY seq`,
      [created.id],
    );
    expect(events.map((row: { event: string }) => row.event)).toEqual([
      'session_created',
      'link_opened',
      'link_opened',
      'recording_stored',
      'decision_submitted',
      'status_changed',
    ]);
    await expect(stack.consent.app.get(AuditLogService).verify(created.id)).resolves.toEqual({
      valid: true,
      length: 6,
    });
  });

  it('keeps the deleteAfterDays the client sends', async () => {
    const member = await memberOf(stack);
    const created = await createSession(stack, member, { deleteAfterDays: 30 });
    expect(created.body.deleteAfterDays).toBe(30);
  });
});
