import { toE164 } from '@app/contracts';
import { JOBS, QUEUES, queueWiringFromUrl } from '@app/queue';
import { makeTestRecording } from '@app/testing';
import { Job, Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import { RequeueProcessingSessions } from '../src/analysis/requeue-processing-sessions';
import { AuditLogService } from '../src/audit/audit-log.service';
import {
  assetRow,
  auditRows,
  call,
  CLIENT,
  CreatedSession,
  createSession,
  decisionFields,
  expectAnswer,
  newAsset,
  PARTNER,
  partnerHeaders,
  processVideo,
  SESSION_NOT_FOUND,
  sessionRow,
  storedRecording,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

const ANSWERED = { error: 'This consent session has already been answered', code: 'already_answered' };

describe('POST /process-video: the partner answers with a recording, and the analysis is queued', () => {
  let consent: ConsentTestApp;
  let queue: Queue;
  let session: CreatedSession;

  beforeAll(async () => {
    consent = await startConsentTestApp();
    const wiring = queueWiringFromUrl(consent.config.REDIS_URL, consent.config.REDIS_PREFIX);
    queue = new Queue(QUEUES.mediaAnalysis, { connection: wiring.connection, prefix: wiring.prefix });
  });
  beforeEach(async () => {
    session = await createSession(consent);
  });
  afterAll(async () => {
    await queue.close();
    await consent.close();
  });

  /** The first attempt's analysis job. */
  const jobOf = (sessionId: string) => Job.fromId(queue, `${sessionId}.1`);

  it('takes a stored recording: 202 processing, partner details kept, one job carrying ids only', async () => {
    const video = await makeTestRecording('webm');
    const assetId = await storedRecording(consent, session, video);

    const response = await processVideo(consent, session, decisionFields(session, assetId));
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({
      id: session.id,
      aiVerdict: 'processing',
      consentStatus: 'pending',
      verifiedOver18: true,
      recipientFullName: PARTNER.name,
      recipientPhone: '••••••43',
      recipientToken: null,
      expired: false,
    });
    expect(await sessionRow(consent, session.id)).toMatchObject({
      recipient_full_name: PARTNER.name,
      recipient_phone: toE164(PARTNER.phone)!,
      verified_over_18: true,
      recipient_decision: 'yes',
      video_asset_id: assetId,
      ai_verdict: 'processing',
      consent_status: 'pending',
    });

    const job = await jobOf(session.id);
    expect(job?.id).toBe(`${session.id}.1`);
    expect(job?.name).toBe(JOBS.analyzeRecording);
    expect(job?.data).toEqual({ version: 2, sessionId: session.id, videoAssetId: assetId, attempt: 1 });
    const everythingQueued = JSON.stringify({ data: job?.data, opts: job?.opts, name: job?.name });
    for (const personal of [PARTNER.name, PARTNER.phone, 'Jordan', '5559876543', 'Alex Doe'])
      expect(everythingQueued).not.toContain(personal);

    expect((await auditRows(consent, session.id)).map(({ event, details }) => ({ event, details }))).toEqual([
      { event: 'session_created', details: expect.any(Object) },
      { event: 'recording_stored', details: expect.objectContaining({ videoAssetId: assetId }) },
      {
        event: 'decision_submitted',
        details: { decision: 'yes', videoAssetId: assetId, withRecording: true, attempt: 1 },
      },
      { event: 'status_changed', details: { from: 'pending', to: 'processing' } },
    ]);
  });

  it('takes the recording as a file part, stored exactly as /uploads stores it', async () => {
    const video = await makeTestRecording('mp4');
    const response = await processVideo(consent, session, decisionFields(session), video);
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ aiVerdict: 'processing', verifiedOver18: true });

    const { video_asset_id: assetId, recipient_decision } = await sessionRow(consent, session.id);
    expect(recipient_decision).toBe('yes');
    expect(await assetRow(consent, String(assetId))).toMatchObject({
      session_id: session.id,
      mime_type: 'video/mp4',
      file_size: String(video.length),
      sha256: createHash('sha256').update(video).digest('hex'),
      storage_key: `recordings/${session.id}/${assetId}`,
      stored_at: expect.any(Date),
    });
    expect((await jobOf(session.id))?.data).toEqual({
      version: 2,
      sessionId: session.id,
      videoAssetId: assetId,
      attempt: 1,
    });
  });

  it('records the whole lifecycle in an audit chain that verifies, and stops verifying once a row is altered', async () => {
    await call(consent, 'get', `/sessions/qr/${session.qrCodeId}`).set(partnerHeaders(session)).expect(200);
    const assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
    await processVideo(consent, session, decisionFields(session, assetId)).expect(202);

    const rows = await auditRows(consent, session.id);
    expect(rows.map((row) => row.event)).toEqual([
      'session_created',
      'link_opened',
      'recording_stored',
      'decision_submitted',
      'status_changed',
    ]);
    expect(rows.slice(1).every((row) => row.ip === CLIENT.ip && row.user_agent === CLIENT.userAgent)).toBe(true);
    const audit = consent.app.get(AuditLogService);
    expect(await audit.verify(session.id)).toEqual({ valid: true, length: 5 });

    // Someone with direct database access, bypassing the append-only trigger as a superuser could.
    await consent.dataSource.transaction(async (manager) => {
      await manager.query(`ALTER TABLE consent.audit_log DISABLE TRIGGER audit_log_append_only`);
      await manager.query(
        `UPDATE consent.audit_log SET details = '{"attempt":1,"decision":"no","videoAssetId":"${assetId}","withRecording":true}' WHERE session_id = $1 AND seq = 4`,
        [session.id],
      );
      await manager.query(`ALTER TABLE consent.audit_log ENABLE TRIGGER audit_log_append_only`);
    });
    expect(await audit.verify(session.id)).toEqual({ valid: false, brokenAtSeq: 4, reason: 'row content was altered' });
  });

  it('accepts one submission: a second one, or a refusal after it, is refused with 409', async () => {
    const assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
    await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    expectAnswer(
      await processVideo(consent, session, { ...decisionFields(session, assetId), decision: 'no' }),
      409,
      ANSWERED,
    );
    expectAnswer(
      await processVideo(consent, session, decisionFields(session), await makeTestRecording('webm')),
      409,
      ANSWERED,
    );
    expectAnswer(
      await call(consent, 'patch', `/sessions/${session.id}/status`)
        .set(partnerHeaders(session))
        .send({ status: 'denied' }),
      409,
      ANSWERED,
    );
    expect(await sessionRow(consent, session.id)).toMatchObject({
      recipient_decision: 'yes',
      ai_verdict: 'processing',
    });
    expect((await auditRows(consent, session.id)).filter((row) => row.event === 'decision_submitted')).toHaveLength(1);
  });

  it('of two simultaneous submissions takes exactly one', async () => {
    const assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
    const answers = await Promise.all([
      processVideo(consent, session, decisionFields(session, assetId)),
      processVideo(consent, session, { ...decisionFields(session, assetId), decision: 'no' }),
    ]);
    expect(answers.map((response) => response.status).sort()).toEqual([202, 409]);
    expect((await sessionRow(consent, session.id)).recipient_decision).toBe(answers[0].status === 202 ? 'yes' : 'no');
    expect((await auditRows(consent, session.id)).filter((row) => row.event === 'decision_submitted')).toHaveLength(1);
  });

  describe("refuses an incomplete form with the form's own message, changing nothing", () => {
    let assetId: string;
    beforeEach(async () => {
      assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
    });

    it.each([
      ['no name', { recipient_full_name: undefined }, 'Name is required'],
      ['a blank name', { recipient_full_name: '   ' }, 'Name is required'],
      ['no phone number', { recipient_phone: undefined }, 'Phone number is required'],
      ['an empty phone number', { recipient_phone: '' }, 'Phone number is required'],
      ['not over 18', { is_over_18: 'false' }, 'You must be over 18 to continue'],
      ['no over-18 answer', { is_over_18: undefined }, 'You must be over 18 to continue'],
      ['no decision', { decision: undefined }, 'Decision must be yes or no'],
      ['a decision other than yes or no', { decision: 'maybe' }, 'Decision must be yes or no'],
      ['no recording', { videoAssetId: undefined }, 'A stored recording is required'],
    ])('%s', async (_case, overrides, message) => {
      const fields: Record<string, string> = { ...decisionFields(session, assetId) };
      for (const [name, value] of Object.entries(overrides)) {
        if (value === undefined) delete fields[name];
        else fields[name] = value;
      }
      const before = await sessionRow(consent, session.id);
      const code = message === 'A stored recording is required' ? 'recording_required' : 'validation_failed';
      expectAnswer(await processVideo(consent, session, fields), 400, { error: message, code });
      expect(await sessionRow(consent, session.id)).toEqual(before);
      expect(await jobOf(session.id)).toBeUndefined();
    });

    it('a recording that was announced but never uploaded', async () => {
      const unstored = await newAsset(consent, session);
      expectAnswer(await processVideo(consent, session, decisionFields(session, unstored)), 400, {
        error: 'A stored recording is required',
        code: 'recording_required',
      });
      expect(await sessionRow(consent, session.id)).toMatchObject({ ai_verdict: null, video_asset_id: null });
    });

    it('a recording of another session', async () => {
      const other = await createSession(consent);
      const foreign = await storedRecording(consent, other, await makeTestRecording('webm'));
      expectAnswer(await processVideo(consent, session, decisionFields(session, foreign)), 400, {
        error: 'A stored recording is required',
        code: 'recording_required',
      });
    });

    it('a file part sent before the fields', async () => {
      const video = await makeTestRecording('webm');
      const response = await call(consent, 'post', '/process-video')
        .set(partnerHeaders(session))
        .attach('video', video, 'consent.webm')
        .field('sessionId', session.id)
        .field('decision', 'yes');
      expectAnswer(response, 400, { error: 'All fields must come before the video', code: 'fields_after_file' });
      expect(
        Number(
          (
            await consent.dataSource.query(`SELECT count(*) AS n FROM consent.video_assets WHERE session_id = $1`, [
              session.id,
            ])
          )[0].n,
        ),
      ).toBe(1);
    });
  });

  it('answers the 404 to a wrong token or a lapsed session, before storing anything', async () => {
    const assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
    expectAnswer(
      await processVideo(consent, session, decisionFields(session, assetId), undefined, {
        'X-Recipient-Token': 'wrong-token',
      }),
      404,
      SESSION_NOT_FOUND,
    );
    expectAnswer(
      await processVideo(consent, session, decisionFields(session), await makeTestRecording('webm'), {
        'X-Recipient-Token': 'wrong-token',
      }),
      404,
      SESSION_NOT_FOUND,
    );
    await consent.dataSource.query(
      `UPDATE consent.consent_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [session.id],
    );
    expectAnswer(await processVideo(consent, session, decisionFields(session, assetId)), 404, SESSION_NOT_FOUND);
    expect(
      Number(
        (
          await consent.dataSource.query(`SELECT count(*) AS n FROM consent.video_assets WHERE session_id = $1`, [
            session.id,
          ])
        )[0].n,
      ),
    ).toBe(1);
  });

  it('puts back the job of a session left processing, as after a crash between commit and enqueue', async () => {
    const assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
    await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    await (await jobOf(session.id))!.remove();
    expect(await jobOf(session.id)).toBeUndefined();

    await consent.app.get(RequeueProcessingSessions).run();

    const job = await jobOf(session.id);
    expect(job?.data).toEqual({ version: 2, sessionId: session.id, videoAssetId: assetId, attempt: 1 });
    // Retried for about four minutes: longer than a restart of this service, which the worker reads its input from.
    expect([job?.opts.attempts, job?.opts.backoff]).toEqual([8, { type: 'exponential', delay: 2000 }]);
    await consent.app.get(RequeueProcessingSessions).run();
    expect((await queue.getJobs(['waiting'])).filter((job) => job.id === `${session.id}.1`)).toHaveLength(1);
  });
});
