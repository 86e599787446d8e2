import { analysisStoredSchema, consentSessionSchema, toE164 } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { QUEUES, queueWiringFromUrl } from '@app/queue';
import { makeTestRecording } from '@app/testing';
import { Job, Queue } from 'bullmq';
import request from 'supertest';
import { CloseLapsedRetakes } from '../src/analysis/close-lapsed-retakes';
import { RequeueProcessingSessions } from '../src/analysis/requeue-processing-sessions';
import { AnalysisAttemptsRepository } from '../src/attempts/analysis-attempts.repository';
import { ConsentSessionsRepository } from '../src/session-records/consent-sessions.repository';
import { StoreVerdict } from '../src/verdicts/store-verdict';
import {
  auditRows,
  call,
  CreatedSession,
  createSession,
  decisionFields,
  expectAnswer,
  PARTNER,
  partnerHeaders,
  processVideo,
  sessionRow,
  storedRecording,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

const ANSWERED = { error: 'This consent session has already been answered', code: 'already_answered' };
const HEARD = ['i can send it', 'uh my name', 'my name is jordan and i consent'];

describe('a retake instead of a wrong no: an unclear recording may be recorded again, up to 3 in all', () => {
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

  const asWorker = (method: 'get' | 'post', path: string) =>
    request(consent.baseUrl)[method](path).set('X-Internal-Token', consent.mediaWorkerToken);
  const report = (session: CreatedSession, videoAssetId: string, outcome: string, transcript: string) =>
    asWorker('post', `/analysis/${session.id}/verdict`).send({
      videoAssetId,
      outcome,
      reasons: [`test_${outcome}`],
      transcript,
      recogniser: 'pocketsphinx test',
      timingsMs: { normalize: 1, transcribe: 2, judge: 0 },
    });
  const partnerRead = (session: CreatedSession) =>
    call(consent, 'get', `/sessions/${session.id}`).set(partnerHeaders(session)).expect(200);
  const memberRead = (session: CreatedSession) =>
    call(consent, 'get', `/sessions/${session.id}`).set('X-Actor-User-Id', session.initiatorUserId).expect(200);
  const newRecording = async (session: CreatedSession) =>
    storedRecording(consent, session, await makeTestRecording('webm'));
  /** A retake as the partner's page sends it: the decision and the new recording; the details stored before stand. */
  const retake = (
    session: CreatedSession,
    videoAssetId: string,
    decision = 'yes',
    extra: Record<string, string> = {},
  ) => processVideo(consent, session, { sessionId: session.id, decision, videoAssetId, ...extra });
  /** A session whose first recording was submitted with Yes and judged `outcome`; answers it and the asset. */
  async function firstAttempt(outcome = 'unclear'): Promise<{ session: CreatedSession; assetId: string }> {
    const session = await createSession(consent);
    const assetId = await newRecording(session);
    await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    await report(session, assetId, outcome, HEARD[0]).expect(200);
    return { session, assetId };
  }
  const verdicts = (sessionId: string) =>
    consent.dataSource.query(
      `SELECT outcome, reasons, transcript, video_asset_id FROM consent.verdicts WHERE session_id = $1`,
      [sessionId],
    );
  const attemptRows = (sessionId: string) =>
    consent.dataSource.query(
      `SELECT attempt, outcome, reasons, transcript, video_asset_id FROM consent.analysis_attempts WHERE session_id = $1 ORDER BY attempt`,
      [sessionId],
    );
  const texts = (sessionId: string) =>
    consent.dataSource.query(`SELECT recipient FROM consent.text_messages WHERE session_id = $1`, [sessionId]);
  /** The session's pushes, but for the text's (sent by its own job, whenever it gets to it). */
  const pushIds = async (sessionId: string) =>
    (await updates.getJobs(['waiting', 'delayed', 'active', 'completed']))
      .filter((job) => job.data.sessionId === sessionId && job.data.change !== 'text_sent')
      .map((job) => job.id)
      .sort();
  const events = async (sessionId: string, event: string) =>
    (await auditRows(consent, sessionId)).filter((row) => row.event === event).map((row) => row.details);
  const lapse = (sessionId: string) =>
    consent.dataSource.query(
      `UPDATE consent.consent_sessions SET retake_until = now() - interval '1 second' WHERE id = $1`,
      [sessionId],
    );

  it('unclear, then a retake that is granted: one verdict, from the last attempt, each attempt with its own job', async () => {
    const { session, assetId: first } = await firstAttempt();

    // The unclear attempt is recorded and audited, but it is no verdict: nothing final, no text, no analysis awaited.
    expect(await sessionRow(consent, session.id)).toMatchObject({
      ai_verdict: 'processing',
      consent_status: 'pending',
      attempts: 1,
      retake_until: expect.any(Date),
    });
    expect(await verdicts(session.id)).toEqual([]);
    expect(await attemptRows(session.id)).toEqual([
      { attempt: 1, outcome: 'unclear', reasons: ['test_unclear'], transcript: HEARD[0], video_asset_id: first },
    ]);
    expect(await events(session.id, 'attempt_unclear')).toEqual([{ attempt: 1, reasons: 'test_unclear' }]);
    expect(await texts(session.id)).toEqual([]);
    expect((await asWorker('get', `/analysis/${session.id}`).expect(200)).body.open).toBe(false);
    expect(await pushIds(session.id)).toEqual([`${session.id}.retake_requested.1`, `${session.id}.submitted`]);

    // The partner sees the retake and what was heard; the member only that their partner may record again.
    const partner = await partnerRead(session);
    expect(consentSessionSchema.strict().parse(partner.body).check).toEqual({
      attempt: 1,
      maxAttempts: 3,
      retakeAllowed: true,
      heard: HEARD[0],
      answer: 'yes',
      recorded: true,
      endedBySafetyAnswers: false,
      safetyAnswered: true,
    });
    expect(partner.body).toMatchObject({ aiVerdict: 'processing', consentStatus: 'pending' });
    const member = await memberRead(session);
    expect(consentSessionSchema.strict().parse(member.body)).toMatchObject({
      aiVerdict: 'processing',
      consentStatus: 'pending',
      check: null,
      retakeUntil: expect.any(String),
    });
    expect(JSON.stringify(member.body)).not.toContain(HEARD[0]);

    const second = await newRecording(session);
    const retaken = await retake(session, second).expect(202);
    expect(retaken.body).toMatchObject({
      aiVerdict: 'processing',
      recipientFullName: PARTNER.name,
      check: { attempt: 2, maxAttempts: 3, retakeAllowed: false, heard: null },
    });
    expect(await sessionRow(consent, session.id)).toMatchObject({
      attempts: 2,
      retake_until: null,
      video_asset_id: second,
      recipient_full_name: PARTNER.name,
      recipient_phone: toE164(PARTNER.phone)!,
    });
    expect((await Job.fromId(analyses, `${session.id}.1`))?.data).toEqual({
      version: 2,
      sessionId: session.id,
      videoAssetId: first,
      attempt: 1,
    });
    expect((await Job.fromId(analyses, `${session.id}.2`))?.data).toEqual({
      version: 2,
      sessionId: session.id,
      videoAssetId: second,
      attempt: 2,
    });
    expect((await asWorker('get', `/analysis/${session.id}`).expect(200)).body).toMatchObject({
      videoAssetId: second,
      open: true,
    });
    // The new take is in: the member's screen shows the check running again.
    expect((await memberRead(session)).body).toMatchObject({ aiVerdict: 'processing', check: null, retakeUntil: null });

    expect(analysisStoredSchema.parse((await report(session, second, 'granted', HEARD[2]).expect(200)).body)).toEqual({
      stored: true,
      aiVerdict: 'granted',
    });
    expect(await verdicts(session.id)).toEqual([
      { outcome: 'granted', reasons: ['test_granted'], transcript: HEARD[2], video_asset_id: second },
    ]);
    expect(
      (await attemptRows(session.id)).map((row: { attempt: number; outcome: string }) => [row.attempt, row.outcome]),
    ).toEqual([
      [1, 'unclear'],
      [2, 'granted'],
    ]);
    expect((await partnerRead(session)).body).toMatchObject({
      aiVerdict: 'granted',
      check: { attempt: 2, retakeAllowed: false, heard: HEARD[2] },
    });
    const decided = await memberRead(session);
    expect(decided.body).toMatchObject({ aiVerdict: 'granted', consentStatus: 'granted', check: null });
    expect(JSON.stringify(decided.body)).not.toMatch(/i can send|jordan and i consent/);
    expect(await texts(session.id)).toEqual([{ recipient: 'partner' }]);
    expect(await events(session.id, 'decision_submitted')).toEqual([
      { decision: 'yes', videoAssetId: first, withRecording: true, attempt: 1 },
      { decision: 'yes', videoAssetId: second, withRecording: true, attempt: 2 },
    ]);
    expect(await pushIds(session.id)).toEqual(
      [`${session.id}.retake_requested.1`, `${session.id}.submitted`, `${session.id}.verdict`].sort(),
    );
  });

  it('unclear three times: the third is final, shown as denied, with its texts once; no fourth recording', async () => {
    const { session, assetId: first } = await firstAttempt();
    for (const attempt of [2, 3]) {
      const assetId = await newRecording(session);
      await retake(session, assetId).expect(202);
      await report(session, assetId, 'unclear', HEARD[attempt - 1]).expect(200);
    }

    expect(await sessionRow(consent, session.id)).toMatchObject({
      ai_verdict: 'denied',
      consent_status: 'denied',
      attempts: 3,
      retake_until: null,
    });
    expect(await verdicts(session.id)).toEqual([
      expect.objectContaining({ outcome: 'unclear', reasons: ['test_unclear'], transcript: HEARD[2] }),
    ]);
    expect((await memberRead(session)).body).toMatchObject({
      aiVerdict: 'denied',
      consentStatus: 'denied',
      check: null,
    });
    expect((await partnerRead(session)).body.check).toEqual({
      attempt: 3,
      maxAttempts: 3,
      retakeAllowed: false,
      heard: HEARD[2],
      answer: 'yes',
      recorded: true,
      endedBySafetyAnswers: false,
      safetyAnswered: true,
    });
    expect(await texts(session.id)).toEqual([{ recipient: 'partner' }]);
    expect(await events(session.id, 'attempt_unclear')).toEqual([
      { attempt: 1, reasons: 'test_unclear' },
      { attempt: 2, reasons: 'test_unclear' },
    ]);
    expect(await events(session.id, 'verdict_stored')).toEqual([{ outcome: 'unclear', reasons: 'test_unclear' }]);
    expect(await pushIds(session.id)).toEqual(
      [
        `${session.id}.retake_requested.1`,
        `${session.id}.retake_requested.2`,
        `${session.id}.submitted`,
        `${session.id}.verdict`,
      ].sort(),
    );

    expectAnswer(await retake(session, first), 409, ANSWERED);
    expectAnswer(
      await call(consent, 'post', '/video-assets')
        .set(partnerHeaders(session))
        .send({ sessionId: session.id, filename: 'a.webm', mimeType: 'video/webm', fileSize: 10 }),
      409,
      ANSWERED,
    );
    expect(await sessionRow(consent, session.id)).toMatchObject({ attempts: 3, ai_verdict: 'denied' });
  });

  it('a spoken refusal is final at once: no retake, and a retake is refused with 409', async () => {
    const { session, assetId } = await firstAttempt('denied');
    expect(await sessionRow(consent, session.id)).toMatchObject({
      ai_verdict: 'denied',
      consent_status: 'denied',
      retake_until: null,
    });
    expect(await verdicts(session.id)).toEqual([
      expect.objectContaining({ outcome: 'denied', reasons: ['test_denied'] }),
    ]);
    expect((await partnerRead(session)).body.check).toEqual({
      attempt: 1,
      maxAttempts: 3,
      retakeAllowed: false,
      heard: HEARD[0],
      answer: 'yes',
      recorded: true,
      endedBySafetyAnswers: false,
      safetyAnswered: true,
    });
    expectAnswer(await retake(session, assetId), 409, ANSWERED);
    expect(await events(session.id, 'attempt_unclear')).toEqual([]);
  });

  it("refuses a retake while the recording is still being analysed, and one naming an earlier attempt's recording", async () => {
    const session = await createSession(consent);
    const first = await newRecording(session);
    const second = await newRecording(session);
    await processVideo(consent, session, decisionFields(session, first)).expect(202);
    expectAnswer(await retake(session, second), 409, ANSWERED);

    await report(session, first, 'unclear', HEARD[0]).expect(200);
    expectAnswer(await retake(session, first), 409, {
      error: 'This recording was already submitted: record a new one',
      code: 'recording_already_submitted',
    });
    expect(await sessionRow(consent, session.id)).toMatchObject({
      attempts: 1,
      video_asset_id: first,
      retake_until: expect.any(Date),
    });
  });

  it('keeps the details stored with the first answer: details sent again are ignored, bad ones refused, nothing changed', async () => {
    const { session } = await firstAttempt();
    const second = await newRecording(session);
    const before = await sessionRow(consent, session.id);
    expectAnswer(await retake(session, second, 'yes', { is_over_18: 'false' }), 400, {
      error: 'You must be over 18 to continue',
      code: 'validation_failed',
    });
    expect(await sessionRow(consent, session.id)).toEqual(before);

    await retake(session, second, 'yes', {
      recipient_full_name: 'Somebody Else',
      recipient_phone: '+1 555 000 0000',
      is_over_18: 'true',
    }).expect(202);
    expect(await sessionRow(consent, session.id)).toMatchObject({
      recipient_full_name: PARTNER.name,
      recipient_phone: toE164(PARTNER.phone)!,
      attempts: 2,
    });
  });

  it("takes a retake sent as the form's file part, stored like any recording", async () => {
    const { session, assetId: first } = await firstAttempt();
    await processVideo(
      consent,
      session,
      { sessionId: session.id, decision: 'yes' },
      await makeTestRecording('webm'),
    ).expect(202);
    const { video_asset_id: second, attempts } = await sessionRow(consent, session.id);
    expect([second === first, attempts]).toEqual([false, 2]);
    expect((await Job.fromId(analyses, `${session.id}.2`))?.data).toEqual({
      version: 2,
      sessionId: session.id,
      videoAssetId: second,
      attempt: 2,
    });
  });

  it.each([
    ['a No with a new recording', 'recording'],
    ['the refusal call, without a recording', 'refusal'],
  ])('a No instead of a retake (%s) is the final pressed_no at once', async (_case, how) => {
    const { session, assetId: first } = await firstAttempt();
    const answer =
      how === 'recording'
        ? await retake(session, await newRecording(session), 'no').expect(202)
        : await call(consent, 'patch', `/sessions/${session.id}/status`)
            .set(partnerHeaders(session))
            .send({ status: 'denied' })
            .expect(200);
    expect(answer.body).toMatchObject({
      aiVerdict: 'denied',
      consentStatus: 'denied',
      check: { attempt: 1, retakeAllowed: false, heard: null },
    });
    expect(await sessionRow(consent, session.id)).toMatchObject({
      recipient_decision: 'no',
      attempts: 1,
      retake_until: null,
    });
    expect(await verdicts(session.id)).toEqual([
      expect.objectContaining({ outcome: 'denied', reasons: ['pressed_no'], transcript: null }),
    ]);
    expect(await texts(session.id)).toEqual([{ recipient: 'partner' }]);
    expect(await Job.fromId(analyses, `${session.id}.2`)).toBeUndefined();
    expectAnswer(await retake(session, first), 409, ANSWERED);
  });

  it('a retake window that lapses makes the last unclear outcome the verdict, once, whoever runs the pass and how often', async () => {
    const { session, assetId } = await firstAttempt();
    const open = await firstAttempt();
    const late = await newRecording(session);
    await lapse(session.id);
    // Past the window, before any pass closed it: no retake is taken any more.
    expectAnswer(await retake(session, late), 409, ANSWERED);
    expect((await partnerRead(session)).body).toMatchObject({
      aiVerdict: 'processing',
      check: { retakeAllowed: false },
    });

    // Two instances' passes at once (each runs one pass at a time by itself), then one more.
    const pass = consent.app.get(CloseLapsedRetakes);
    const otherInstance = new CloseLapsedRetakes(
      consent.app.get(UnitOfWork),
      consent.app.get(ConsentSessionsRepository),
      consent.app.get(AnalysisAttemptsRepository),
      consent.app.get(StoreVerdict),
    );
    await Promise.all([pass.run(), otherInstance.run()]);
    await pass.run();

    expect(await sessionRow(consent, session.id)).toMatchObject({
      ai_verdict: 'denied',
      consent_status: 'denied',
      retake_until: null,
    });
    expect(await verdicts(session.id)).toEqual([
      {
        outcome: 'unclear',
        reasons: ['test_unclear', 'retake_not_recorded'],
        transcript: HEARD[0],
        video_asset_id: assetId,
      },
    ]);
    expect(await events(session.id, 'verdict_stored')).toEqual([
      { outcome: 'unclear', reasons: 'test_unclear,retake_not_recorded' },
    ]);
    expect(await texts(session.id)).toEqual([{ recipient: 'partner' }]);
    expect((await memberRead(session)).body).toMatchObject({ aiVerdict: 'denied', check: null });
    expect(await pushIds(session.id)).toEqual(
      [`${session.id}.retake_requested.1`, `${session.id}.submitted`, `${session.id}.verdict`].sort(),
    );
    // A session whose window is still open is left as it is.
    expect(await sessionRow(consent, open.session.id)).toMatchObject({
      ai_verdict: 'processing',
      retake_until: expect.any(Date),
    });
    expect(await verdicts(open.session.id)).toEqual([]);
  });

  it("tells the member that their partner is recording again, until the new take is in or the window's lapse ends it as denied, each pushed", async () => {
    const { session } = await firstAttempt();
    const memberView = async () => consentSessionSchema.strict().parse((await memberRead(session)).body);
    const deadline = async () => ((await sessionRow(consent, session.id)).retake_until as Date).toISOString();

    // A retake offered: the member reads until when the partner may record again, and nothing of why or of what was heard.
    const offered = await memberView();
    expect(offered).toMatchObject({
      aiVerdict: 'processing',
      consentStatus: 'pending',
      check: null,
      retakeUntil: await deadline(),
    });
    expect(JSON.stringify(offered)).not.toContain(HEARD[0]);
    expect(await pushIds(session.id)).toContain(`${session.id}.retake_requested.1`);

    // The second take is in and analysed: back to the check running; unclear again, a second retake is said again.
    const second = await newRecording(session);
    await retake(session, second).expect(202);
    expect(await memberView()).toMatchObject({ aiVerdict: 'processing', retakeUntil: null });
    await report(session, second, 'unclear', HEARD[1]).expect(200);
    expect(await memberView()).toMatchObject({ aiVerdict: 'processing', retakeUntil: await deadline() });
    expect(await pushIds(session.id)).toContain(`${session.id}.retake_requested.2`);

    // The partner leaves: past the window, still said until the pass ends it, then the verdict, pushed to both screens.
    await lapse(session.id);
    expect(await memberView()).toMatchObject({ aiVerdict: 'processing', retakeUntil: await deadline() });
    await consent.app.get(CloseLapsedRetakes).run();
    expect(await memberView()).toMatchObject({
      aiVerdict: 'denied',
      consentStatus: 'denied',
      retakeUntil: null,
      check: null,
    });
    expect(await pushIds(session.id)).toContain(`${session.id}.verdict`);
  });

  it('stores a duplicated worker report for an attempt once, and a late report about an earlier attempt changes nothing', async () => {
    const { session, assetId: first } = await firstAttempt();
    expect((await report(session, first, 'unclear', HEARD[0]).expect(200)).body).toEqual({
      stored: false,
      aiVerdict: 'processing',
    });
    expect((await report(session, first, 'granted', HEARD[2]).expect(200)).body).toEqual({
      stored: false,
      aiVerdict: 'processing',
    });
    expect(await attemptRows(session.id)).toHaveLength(1);
    expect(await events(session.id, 'attempt_unclear')).toHaveLength(1);

    const second = await newRecording(session);
    await retake(session, second).expect(202);
    expect((await report(session, first, 'granted', HEARD[2]).expect(200)).body).toEqual({
      stored: false,
      aiVerdict: 'processing',
    });
    expect(await attemptRows(session.id)).toHaveLength(1);
    expect(await verdicts(session.id)).toEqual([]);
    expect(await pushIds(session.id)).toEqual([`${session.id}.retake_requested.1`, `${session.id}.submitted`]);
  });

  it('never re-adds an analysis job for a session waiting for a retake', async () => {
    const { session } = await firstAttempt();
    await (await Job.fromId(analyses, `${session.id}.1`))!.remove();
    await consent.app.get(RequeueProcessingSessions).run();
    const queued = (await analyses.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).filter(
      (job) => job.data.sessionId === session.id,
    );
    expect(queued).toEqual([]);
  });
});
