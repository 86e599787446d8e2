import { analysisInputSchema, analysisStoredSchema } from '@app/contracts';
import { QUEUES, queueWiringFromUrl } from '@app/queue';
import { makeTestRecording } from '@app/testing';
import { Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import request from 'supertest';
import { RequeueProcessingSessions } from '../src/analysis/requeue-processing-sessions';
import {
  auditRows,
  call,
  CreatedSession,
  createSession,
  CREDENTIAL_REFUSED,
  decisionFields,
  expectAnswer,
  PARTNER,
  partnerHeaders,
  processVideo,
  SESSION_NOT_FOUND,
  sessionRow,
  storedRecording,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

describe("the media worker's analysis routes: input, one verdict per session, failure, and the pushes they cause", () => {
  let consent: ConsentTestApp;
  let updates: Queue;
  let analyses: Queue;
  let session: CreatedSession;
  let assetId: string;

  beforeAll(async () => {
    consent = await startConsentTestApp();
    const wiring = queueWiringFromUrl(consent.config.REDIS_URL, consent.config.REDIS_PREFIX);
    updates = new Queue(QUEUES.sessionUpdates, { connection: wiring.connection, prefix: wiring.prefix });
    analyses = new Queue(QUEUES.mediaAnalysis, { connection: wiring.connection, prefix: wiring.prefix });
  });
  beforeEach(async () => {
    session = await createSession(consent);
    assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
    await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
  });
  afterAll(async () => {
    await updates.close();
    await analyses.close();
    await consent.close();
  });

  const asWorker = (method: 'get' | 'post', path: string) =>
    request(consent.baseUrl)[method](path).set('X-Internal-Token', consent.mediaWorkerToken);
  const report = (outcome: string, extra: Record<string, unknown> = {}) =>
    asWorker('post', `/analysis/${session.id}/verdict`).send({
      videoAssetId: assetId,
      outcome,
      reasons: [`test_${outcome}`],
      transcript: 'my name is jordan and i consent',
      recogniser: 'pocketsphinx test',
      timingsMs: { normalize: 1, transcribe: 2, judge: 0 },
      ...extra,
    });
  const pushJobs = async () =>
    (await updates.getJobs(['waiting', 'delayed', 'active', 'completed'])).filter(
      (job) => job.data.sessionId === session.id,
    );

  it("answers the analysis input to the worker's credential only, and the worker's credential nowhere else", async () => {
    const input = await asWorker('get', `/analysis/${session.id}`).expect(200);
    expect(analysisInputSchema.strict().parse(input.body)).toEqual({
      sessionId: session.id,
      videoAssetId: assetId,
      storageKey: `recordings/${session.id}/${assetId}`,
      decision: 'yes',
      typedName: PARTNER.name,
      // The session's recording key, wrapped under the storage KEK: the worker unwraps it with its own key ring.
      recordingKey: (
        await consent.dataSource.query(`SELECT wrapped_key FROM consent.recording_keys WHERE session_id = $1`, [
          session.id,
        ])
      )[0].wrapped_key.toString('base64'),
      open: true,
    });
    expectAnswer(await call(consent, 'get', `/analysis/${session.id}`), 401, CREDENTIAL_REFUSED);
    expectAnswer(
      await asWorker('get', `/sessions/${session.id}`).set('X-Actor-User-Id', session.initiatorUserId),
      401,
      CREDENTIAL_REFUSED,
    );
    expectAnswer(await asWorker('get', '/analysis/not-a-uuid'), 404, SESSION_NOT_FOUND);
  });

  it('stores a granted verdict once: the session shows it with its grant time, the audit records it, one push is queued', async () => {
    const first = await report('granted').expect(200);
    expect(analysisStoredSchema.parse(first.body)).toEqual({ stored: true, aiVerdict: 'granted' });
    const second = await report('denied').expect(200);
    expect(second.body).toEqual({ stored: false, aiVerdict: 'granted' });

    expect(await sessionRow(consent, session.id)).toMatchObject({
      ai_verdict: 'granted',
      consent_status: 'granted',
      consent_granted_time: expect.any(Date),
    });
    const verdicts = await consent.dataSource.query(
      `SELECT outcome, reasons, transcript, recogniser FROM consent.verdicts WHERE session_id = $1`,
      [session.id],
    );
    expect(verdicts).toEqual([
      {
        outcome: 'granted',
        reasons: ['test_granted'],
        transcript: 'my name is jordan and i consent',
        recogniser: 'pocketsphinx test',
      },
    ]);
    expect((await auditRows(consent, session.id)).slice(-2).map(({ event, details }) => ({ event, details }))).toEqual([
      { event: 'verdict_stored', details: { outcome: 'granted', reasons: 'test_granted' } },
      { event: 'status_changed', details: { from: 'processing', to: 'granted' } },
    ]);
    const pushes = (await pushJobs()).filter((job) => job.data.change === 'verdict');
    expect(pushes.map((job) => [job.id, job.data])).toEqual([
      [
        `${session.id}.verdict`,
        { version: 2, sessionId: session.id, initiatorUserId: session.initiatorUserId, change: 'verdict' },
      ],
    ]);
    expect((await asWorker('get', `/analysis/${session.id}`).expect(200)).body.open).toBe(false);
    // The verdict's verification text was written to the outbox with it (the member gave no phone in this test).
    const texts = await consent.dataSource.query(`SELECT recipient FROM consent.text_messages WHERE session_id = $1`, [
      session.id,
    ]);
    expect(texts).toEqual([{ recipient: 'partner' }]);
  });

  it('ends the session in the failed state on a failure report, which no later verdict overrides', async () => {
    const failed = await asWorker('post', `/analysis/${session.id}/failure`)
      .send({ videoAssetId: assetId, code: 'no_audio' })
      .expect(200);
    expect(failed.body).toEqual({ stored: true, aiVerdict: 'failed' });
    expect((await report('granted').expect(200)).body).toEqual({ stored: false, aiVerdict: 'failed' });
    expect(await sessionRow(consent, session.id)).toMatchObject({ ai_verdict: 'failed', consent_status: 'pending' });
    expect((await pushJobs()).map((job) => job.id).sort()).toEqual([
      `${session.id}.analysis_failed`,
      `${session.id}.submitted`,
    ]);
    // Nothing was decided, so no text claims a response was recorded.
    expect(
      await consent.dataSource.query(`SELECT id FROM consent.text_messages WHERE session_id = $1`, [session.id]),
    ).toEqual([]);
    const partnerView = await call(consent, 'get', `/sessions/${session.id}`).set(partnerHeaders(session)).expect(200);
    expect(partnerView.body).toMatchObject({ aiVerdict: 'failed', consentStatus: 'pending', expired: false });
  });

  it('refuses a report about another recording or with a bad body, changing nothing', async () => {
    expect((await report('granted', { videoAssetId: session.id }).expect(200)).body).toEqual({
      stored: false,
      aiVerdict: 'processing',
    });
    expectAnswer(await report('maybe'), 400, { error: expect.any(String), code: 'validation_failed' });
    expectAnswer(await report('granted', { phone: PARTNER.phone }), 400, {
      error: expect.any(String),
      code: 'validation_failed',
    });
    expect(await sessionRow(consent, session.id)).toMatchObject({ ai_verdict: 'processing' });
  });

  it('gives a session whose job failed for good the failed state instead of re-adding the job forever', async () => {
    const wiring = queueWiringFromUrl(consent.config.REDIS_URL, consent.config.REDIS_PREFIX);
    const worker = new Worker(
      QUEUES.mediaAnalysis,
      async (job) => {
        if (job.id === `${session.id}.1`) throw new UnrecoverableError('corrupt_media');
      },
      { connection: wiring.connection, prefix: wiring.prefix },
    );
    const job = (await Job.fromId(analyses, `${session.id}.1`))!;
    await new Promise<void>((resolve) => worker.on('failed', (failed) => failed?.id === job.id && resolve()));
    await worker.close();
    expect(await analyses.getJobState(`${session.id}.1`)).toBe('failed');

    await consent.app.get(RequeueProcessingSessions).run();
    expect(await sessionRow(consent, session.id)).toMatchObject({ ai_verdict: 'failed' });
    expect(await analyses.getJobState(`${session.id}.1`)).toBe('failed');
  });
});

describe('a refusal never waits', () => {
  let consent: ConsentTestApp;
  let analyses: Queue;
  let updates: Queue;

  beforeAll(async () => {
    consent = await startConsentTestApp();
    const wiring = queueWiringFromUrl(consent.config.REDIS_URL, consent.config.REDIS_PREFIX);
    analyses = new Queue(QUEUES.mediaAnalysis, { connection: wiring.connection, prefix: wiring.prefix });
    updates = new Queue(QUEUES.sessionUpdates, { connection: wiring.connection, prefix: wiring.prefix });
  });
  afterAll(async () => {
    await analyses.close();
    await updates.close();
    await consent.close();
  });

  it('stores denied at once for No with a recording: no analysis is queued, and the member is pushed the verdict', async () => {
    const session = await createSession(consent);
    const assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
    const response = await processVideo(consent, session, { ...decisionFields(session, assetId), decision: 'no' });
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ aiVerdict: 'denied', consentStatus: 'denied' });
    expect(await analyses.getJobState(`${session.id}.1`)).toBe('unknown');
    const [verdict] = await consent.dataSource.query(
      `SELECT outcome, reasons, video_asset_id FROM consent.verdicts WHERE session_id = $1`,
      [session.id],
    );
    expect(verdict).toEqual({ outcome: 'denied', reasons: ['pressed_no'], video_asset_id: assetId });
    expect(await updates.getJobState(`${session.id}.verdict`)).toBe('waiting');
  });
});
