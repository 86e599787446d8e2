import { analysisInputSchema } from '@app/contracts';
import { METRICS } from '@app/metrics';
import { JOBS, QUEUES, queueWiringFromUrl } from '@app/queue';
import { counterValue, makeTestRecording } from '@app/testing';
import { Job, Queue } from 'bullmq';
import request from 'supertest';
import { RequeueProcessingSessions } from '../src/analysis/requeue-processing-sessions';
import { DiscardAbandonedTakes } from '../src/held-analyses/discard-abandoned-takes';
import {
  auditRows,
  call,
  CreatedSession,
  createSession,
  decisionFields,
  expectAnswer,
  filesUnder,
  PARTNER,
  partnerHeaders,
  processVideo,
  sessionRow,
  storedRecording,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

const RECORDING_REQUIRED = { error: 'A stored recording is required', code: 'recording_required' };

describe('held analyses: a take analysed while its partner reviews it, its result published by Yes and by nothing else', () => {
  let consent: ConsentTestApp;
  let analyses: Queue;
  let updates: Queue;
  let session: CreatedSession;
  let assetId: string;

  beforeAll(async () => {
    consent = await startConsentTestApp();
    const wiring = queueWiringFromUrl(consent.config.REDIS_URL, consent.config.REDIS_PREFIX);
    analyses = new Queue(QUEUES.mediaAnalysis, { connection: wiring.connection, prefix: wiring.prefix });
    updates = new Queue(QUEUES.sessionUpdates, { connection: wiring.connection, prefix: wiring.prefix });
  });
  beforeEach(async () => {
    session = await createSession(consent);
    assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
  });
  afterAll(async () => {
    await analyses.close();
    await updates.close();
    await consent.close();
  });

  const hold = (videoAssetId = assetId, fullName = PARTNER.name) =>
    call(consent, 'post', `/sessions/${session.id}/held-analysis`)
      .set(partnerHeaders(session))
      .send({ videoAssetId, fullName });
  const discard = (reason: 'left_page' | 'new_take', videoAssetId = assetId) =>
    call(consent, 'post', `/sessions/${session.id}/held-analysis/discard`)
      .set(partnerHeaders(session))
      .send({ videoAssetId, reason });
  const asWorker = (method: 'get' | 'post', path: string) =>
    request(consent.baseUrl)[method](path).set('X-Internal-Token', consent.mediaWorkerToken);
  const report = (outcome: string, held: boolean, videoAssetId = assetId) =>
    asWorker('post', `/analysis/${session.id}/verdict`).send({
      videoAssetId,
      outcome,
      reasons: [`test_${outcome}`],
      transcript: 'my name is jordan lee and i consent',
      recogniser: 'pocketsphinx test',
      nameCheck: 'matched',
      timingsMs: { normalize: 1, transcribe: 2, judge: 0 },
      held,
    });
  const heldRow = async (videoAssetId = assetId) =>
    (
      await consent.dataSource.query(`SELECT * FROM consent.held_analyses WHERE video_asset_id = $1`, [videoAssetId])
    )[0] as Record<string, unknown> | undefined;
  const heldJob = (videoAssetId = assetId) => Job.fromId(analyses, `${session.id}.held.${videoAssetId}`);
  const answeredJob = (attempt = 1) => Job.fromId(analyses, `${session.id}.${attempt}`);
  const pushes = async () =>
    (await updates.getJobs(['waiting', 'delayed', 'active', 'completed'])).filter(
      (job) => job.data.sessionId === session.id,
    );
  const stored = async (videoAssetId: string) =>
    (await filesUnder(consent.storageDir)).some((path) => path.includes(videoAssetId));
  const events = async () => (await auditRows(consent, session.id)).map(({ event, details }) => ({ event, details }));

  it('starts one analysis per take, ids only on the queue, and holds its result where no session state shows it', async () => {
    expect((await hold().expect(202)).body).toEqual({ videoAssetId: assetId, held: true });
    await hold().expect(202);
    const job = await heldJob();
    expect(job?.name).toBe(JOBS.analyzeHeldRecording);
    expect(job?.data).toEqual({ version: 1, sessionId: session.id, videoAssetId: assetId });
    expect(JSON.stringify(job?.data)).not.toContain('Jordan');

    const input = await asWorker('get', `/analysis/${session.id}/held/${assetId}`).expect(200);
    expect(analysisInputSchema.parse(input.body)).toMatchObject({
      videoAssetId: assetId,
      storageKey: `recordings/${session.id}/${assetId}`,
      decision: 'yes',
      typedName: PARTNER.name,
      open: true,
    });

    expect((await report('granted', true).expect(200)).body).toEqual({ stored: true, aiVerdict: null });
    expect(await heldRow()).toMatchObject({ state: 'held', outcome: 'granted', typed_name: PARTNER.name });
    // Seen by nobody: the session, its views and its pushes are as before.
    expect(await sessionRow(consent, session.id)).toMatchObject({ ai_verdict: null, consent_status: 'pending' });
    const view = await call(consent, 'get', `/sessions/${session.id}`).set(partnerHeaders(session)).expect(200);
    expect(view.body).toMatchObject({ aiVerdict: null, consentStatus: 'pending' });
    expect(await pushes()).toEqual([]);
    expect((await asWorker('get', `/analysis/${session.id}/held/${assetId}`).expect(200)).body.open).toBe(false);
    // A normal report about the take (no answer yet) changes nothing either.
    expect((await report('granted', false).expect(200)).body).toEqual({ stored: false, aiVerdict: null });
    expect((await events()).filter(({ event }) => event === 'held_analysis_started')).toEqual([
      { event: 'held_analysis_started', details: { videoAssetId: assetId } },
    ]);
  });

  it('Yes publishes the held result at once: the answer carries the verdict, stored as a finished analysis stores it', async () => {
    await hold().expect(202);
    await report('granted', true).expect(200);
    const publishedBefore = await counterValue(METRICS.heldAnalyses, { fate: 'published' });

    const answered = await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    expect(answered.body).toMatchObject({ aiVerdict: 'granted', consentStatus: 'granted' });
    expect(await counterValue(METRICS.heldAnalyses, { fate: 'published' })).toBe(publishedBefore + 1);
    expect(await answeredJob()).toBeUndefined();
    const [attempt] = await consent.dataSource.query(
      `SELECT attempt, outcome, transcript, name_check FROM consent.analysis_attempts WHERE session_id = $1`,
      [session.id],
    );
    expect(attempt).toEqual({
      attempt: 1,
      outcome: 'granted',
      transcript: 'my name is jordan lee and i consent',
      name_check: 'matched',
    });
    const [verdict] = await consent.dataSource.query(
      `SELECT outcome, video_asset_id FROM consent.verdicts WHERE session_id = $1`,
      [session.id],
    );
    expect(verdict).toEqual({ outcome: 'granted', video_asset_id: assetId });
    // As any verdict: the partner's verification text (with the receipt link) and the receipt, with it.
    const texts = await consent.dataSource.query(`SELECT recipient FROM consent.text_messages WHERE session_id = $1`, [
      session.id,
    ]);
    expect(texts).toEqual([{ recipient: 'partner' }]);
    expect(
      await consent.dataSource.query(`SELECT 1 FROM consent.receipts WHERE session_id = $1`, [session.id]),
    ).toHaveLength(1);
    // Its copy is cleared: only what happened to the take stays.
    expect(await heldRow()).toMatchObject({ state: 'answered', typed_name: null, outcome: null, transcript: null });
    // The verification text's own push comes from the text sender whenever it runs, so it is not counted here.
    const answerPushes = (await pushes()).map((job) => job.data.change).filter((change) => change !== 'text_sent');
    expect(answerPushes.sort()).toEqual(['submitted', 'verdict']);
    expect((await events()).map(({ event }) => event)).toEqual([
      'session_created',
      'recording_stored',
      'held_analysis_started',
      'decision_submitted',
      'status_changed',
      'verdict_stored',
      'status_changed',
    ]);
  });

  it('Yes publishes an unclear held result as the retake offer a finished analysis would make', async () => {
    await hold().expect(202);
    await report('unclear', true).expect(200);
    const answered = await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    expect(answered.body).toMatchObject({ aiVerdict: 'processing' });
    expect(await sessionRow(consent, session.id)).toMatchObject({
      ai_verdict: 'processing',
      retake_until: expect.any(Date),
    });
  });

  it('a retake is held against the name stored with the first answer, and its Yes publishes it at once', async () => {
    await hold().expect(202);
    await report('unclear', true).expect(200);
    await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    const retake = await storedRecording(consent, session, await makeTestRecording('webm'));
    await hold(retake, 'Someone Else').expect(202);
    expect(await heldRow(retake)).toMatchObject({ state: 'analysing', typed_name: PARTNER.name });
    await report('granted', true, retake).expect(200);

    const answered = await processVideo(consent, session, {
      sessionId: session.id,
      decision: 'yes',
      videoAssetId: retake,
    });
    expect(answered.status).toBe(202);
    expect(answered.body).toMatchObject({ aiVerdict: 'granted' });
    const attempts = await consent.dataSource.query(
      `SELECT attempt, outcome, video_asset_id FROM consent.analysis_attempts WHERE session_id = $1 ORDER BY attempt`,
      [session.id],
    );
    expect(attempts).toEqual([
      { attempt: 1, outcome: 'unclear', video_asset_id: assetId },
      { attempt: 2, outcome: 'granted', video_asset_id: retake },
    ]);
  });

  it('Yes while the held analysis runs waits for it (no second analysis), and its report is then the verdict', async () => {
    await hold().expect(202);
    const answered = await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    expect(answered.body).toMatchObject({ aiVerdict: 'processing' });
    expect(await answeredJob()).toBeUndefined();
    expect(await heldJob()).toBeDefined();
    // The requeue pass leaves it to the held job while that job waits.
    await consent.app.get(RequeueProcessingSessions).run();
    expect(await answeredJob()).toBeUndefined();
    expect((await asWorker('get', `/analysis/${session.id}/held/${assetId}`).expect(200)).body).toMatchObject({
      open: true,
      typedName: PARTNER.name,
    });

    expect((await report('granted', true).expect(200)).body).toEqual({ stored: true, aiVerdict: 'granted' });
    expect(await sessionRow(consent, session.id)).toMatchObject({ ai_verdict: 'granted' });
  });

  it('a held analysis that failed is not published: Yes has the take analysed after the tap, as without one', async () => {
    await hold().expect(202);
    const failed = await asWorker('post', `/analysis/${session.id}/failure`)
      .send({ videoAssetId: assetId, code: 'analysis_failed', held: true })
      .expect(200);
    expect(failed.body).toEqual({ stored: true, aiVerdict: null });
    expect(await sessionRow(consent, session.id)).toMatchObject({ ai_verdict: null });

    const answered = await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    expect(answered.body).toMatchObject({ aiVerdict: 'processing' });
    expect((await answeredJob())?.data).toEqual({
      version: 2,
      sessionId: session.id,
      videoAssetId: assetId,
      attempt: 1,
    });
    expect(await heldRow()).toMatchObject({ state: 'answered', outcome: null });
    // The ordinary analysis's report is the attempt's.
    expect((await report('granted', false).expect(200)).body).toEqual({ stored: true, aiVerdict: 'granted' });
  });

  it('the requeue pass analyses an answered take whose held job is gone', async () => {
    await hold().expect(202);
    await (await heldJob())?.remove();
    await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    await (await heldJob())?.remove();
    await consent.app.get(RequeueProcessingSessions).run();
    expect((await answeredJob())?.data).toEqual({
      version: 2,
      sessionId: session.id,
      videoAssetId: assetId,
      attempt: 1,
    });
  });

  it('No discards the held result, audited, and stores what a No with a recording stores', async () => {
    await hold().expect(202);
    await report('granted', true).expect(200);
    const answered = await processVideo(consent, session, { ...decisionFields(session, assetId), decision: 'no' });
    expect(answered.status).toBe(202);
    expect(answered.body).toMatchObject({ aiVerdict: 'denied', consentStatus: 'denied' });
    expect(await heldRow()).toMatchObject({ state: 'discarded', discard_reason: 'pressed_no', outcome: null });
    expect(await events()).toContainEqual({
      event: 'held_analysis_discarded',
      details: { videoAssetId: assetId, reason: 'pressed_no' },
    });
    const [verdict] = await consent.dataSource.query(
      `SELECT outcome, reasons, video_asset_id FROM consent.verdicts WHERE session_id = $1`,
      [session.id],
    );
    expect(verdict).toEqual({ outcome: 'denied', reasons: ['pressed_no'], video_asset_id: assetId });
    expect(await stored(assetId)).toBe(true);
    // The held job's late report is dropped.
    expect((await report('granted', true).expect(200)).body).toEqual({ stored: false, aiVerdict: 'denied' });
  });

  it('leaving the page discards the held result and deletes the take, which can then never be the answer', async () => {
    const leftBefore = await counterValue(METRICS.heldAnalyses, { fate: 'left_page' });
    await hold().expect(202);
    expect(await stored(assetId)).toBe(true);
    await discard('left_page').expect(204);
    await discard('left_page').expect(204);
    expect(await heldRow()).toMatchObject({ state: 'discarded', discard_reason: 'left_page' });
    expect(await counterValue(METRICS.heldAnalyses, { fate: 'left_page' })).toBe(leftBefore + 1);
    expect(await stored(assetId)).toBe(false);
    expect((await events()).filter(({ event }) => event === 'held_analysis_discarded')).toEqual([
      { event: 'held_analysis_discarded', details: { videoAssetId: assetId, reason: 'left_page' } },
    ]);
    expect((await report('granted', true).expect(200)).body).toEqual({ stored: false, aiVerdict: null });
    expectAnswer(await processVideo(consent, session, decisionFields(session, assetId)), 400, RECORDING_REQUIRED);
    expectAnswer(await hold(), 400, RECORDING_REQUIRED);
    expect(await sessionRow(consent, session.id)).toMatchObject({ ai_verdict: null, recipient_decision: null });
  });

  it('a new take discards the one before (its recording deleted); a take answered is never discarded', async () => {
    await hold().expect(202);
    const second = await storedRecording(consent, session, await makeTestRecording('webm'));
    await hold(second).expect(202);
    expect(await heldRow()).toMatchObject({ state: 'discarded', discard_reason: 'new_take' });
    expect(await stored(assetId)).toBe(false);

    await processVideo(consent, session, decisionFields(session, second)).expect(202);
    await discard('left_page', second).expect(204);
    expect(await heldRow(second)).toMatchObject({ state: 'answered' });
    expect(await stored(second)).toBe(true);
  });

  it('never publishes a result heard against another name than the answer gives: that take is analysed again', async () => {
    await hold(assetId, 'Someone Else').expect(202);
    await report('granted', true).expect(200);
    const answered = await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    expect(answered.body).toMatchObject({ aiVerdict: 'processing' });
    expect(await heldRow()).toMatchObject({ state: 'discarded', discard_reason: 'name_changed' });
    expect((await answeredJob())?.data).toMatchObject({ videoAssetId: assetId, attempt: 1 });
    expect(await stored(assetId)).toBe(true);
  });

  it('refuses a take that is not a stored recording of this session, or a session that takes no recording now', async () => {
    const other = await createSession(consent);
    const othersAsset = await storedRecording(consent, other, await makeTestRecording('webm'));
    expectAnswer(await hold(othersAsset), 400, RECORDING_REQUIRED);
    const invalid = await hold('not-a-uuid');
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('validation_failed');
    const unproved = await createSession(consent, undefined, undefined, { verifyPhone: false });
    const response = await call(consent, 'post', `/sessions/${unproved.id}/held-analysis`)
      .set(partnerHeaders(unproved))
      .send({ videoAssetId: assetId, fullName: PARTNER.name });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(
      await consent.dataSource.query(`SELECT 1 FROM consent.held_analyses WHERE session_id = $1`, [unproved.id]),
    ).toEqual([]);
  });

  it('discards a take its page never answered once the session takes no answer (refused another way)', async () => {
    await hold().expect(202);
    await report('granted', true).expect(200);
    await call(consent, 'patch', `/sessions/${session.id}/status`)
      .set(partnerHeaders(session))
      .send({ status: 'denied' })
      .expect(200);
    await consent.app.get(DiscardAbandonedTakes).run();
    expect(await heldRow()).toMatchObject({ state: 'discarded', discard_reason: 'abandoned', outcome: null });
    expect(await stored(assetId)).toBe(false);
  });

  it('deletes a take stored and never held once the session takes no answer (the page went while uploading)', async () => {
    await call(consent, 'patch', `/sessions/${session.id}/status`)
      .set(partnerHeaders(session))
      .send({ status: 'denied' })
      .expect(200);
    await consent.app.get(DiscardAbandonedTakes).run();
    await consent.app.get(DiscardAbandonedTakes).run();
    expect(await heldRow()).toMatchObject({ state: 'discarded', discard_reason: 'abandoned' });
    expect(await stored(assetId)).toBe(false);
    expect((await events()).filter(({ event }) => event === 'held_analysis_discarded')).toEqual([
      { event: 'held_analysis_discarded', details: { videoAssetId: assetId, reason: 'abandoned' } },
    ]);
  });

  it('keeps the recordings a session was answered or judged with', async () => {
    await processVideo(consent, session, { ...decisionFields(session, assetId), decision: 'no' }).expect(202);
    await consent.app.get(DiscardAbandonedTakes).run();
    expect(await heldRow()).toBeUndefined();
    expect(await stored(assetId)).toBe(true);
  });

  it('keeps a take whose partner may still answer', async () => {
    await hold().expect(202);
    await consent.app.get(DiscardAbandonedTakes).run();
    expect(await heldRow()).toMatchObject({ state: 'analysing' });
    expect(await stored(assetId)).toBe(true);
  });
});
