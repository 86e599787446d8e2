import { liveHearingInputSchema } from '@app/contracts';
import { makeTestRecording } from '@app/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  call,
  type CreatedSession,
  createSession,
  CREDENTIAL_REFUSED,
  decisionFields,
  expectAnswer,
  PARTNER,
  processVideo,
  SESSION_NOT_FOUND,
  storedRecording,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

/** GET /analysis/:sessionId/live-hearing: whether a live take may be heard, while the partner may record only. */
describe("the media worker's live-hearing route", () => {
  let consent: ConsentTestApp;

  beforeAll(async () => {
    consent = await startConsentTestApp();
  });
  afterAll(async () => {
    await consent?.close();
  });

  const asWorker = (sessionId: string) =>
    request(consent.baseUrl)
      .get(`/analysis/${sessionId}/live-hearing`)
      .set('X-Internal-Token', consent.mediaWorkerToken);
  const update = (session: CreatedSession, set: string) =>
    consent.dataSource.query(`UPDATE consent.consent_sessions SET ${set} WHERE id = $1`, [session.id]);

  it("answers that the session waits while the proved partner may record, to the worker's credential only, and no name", async () => {
    const session = await createSession(consent);
    // A first take: no name stored yet (it comes with the first answer); the take carries its own.
    expect(liveHearingInputSchema.strict().parse((await asWorker(session.id).expect(200)).body)).toEqual({
      waiting: true,
    });
    await update(session, `recipient_full_name = '${PARTNER.name}'`);
    expect((await asWorker(session.id).expect(200)).body).toEqual({ waiting: true });
    expectAnswer(await call(consent, 'get', `/analysis/${session.id}/live-hearing`), 401, CREDENTIAL_REFUSED);
  });

  it('answers during a retake', async () => {
    const session = await createSession(consent);
    await update(
      session,
      `recipient_full_name = '${PARTNER.name}', recipient_decision = 'yes', ai_verdict = 'processing', attempts = 1, retake_until = now() + interval '5 minutes'`,
    );
    expect((await asWorker(session.id).expect(200)).body).toEqual({ waiting: true });
  });

  it('is a 404 before the phone is proved or the safety questions answered, and for an unknown session', async () => {
    const unproved = await createSession(consent, randomUUID(), undefined, { verifyPhone: false });
    expectAnswer(await asWorker(unproved.id), 404, SESSION_NOT_FOUND);
    const unanswered = await createSession(consent, randomUUID(), undefined, { answerSafety: false });
    expectAnswer(await asWorker(unanswered.id), 404, SESSION_NOT_FOUND);
    expectAnswer(await asWorker(randomUUID()), 404, SESSION_NOT_FOUND);
    expectAnswer(await asWorker('not-a-uuid'), 404, SESSION_NOT_FOUND);
  });

  it('is a 404 once the recording is submitted, a retake window passed, or the session lapsed', async () => {
    const submitted = await createSession(consent);
    const assetId = await storedRecording(consent, submitted, await makeTestRecording('webm'));
    await processVideo(consent, submitted, decisionFields(submitted, assetId)).expect(202);
    expectAnswer(await asWorker(submitted.id), 404, SESSION_NOT_FOUND);

    const retakeLapsed = await createSession(consent);
    await update(
      retakeLapsed,
      `recipient_decision = 'yes', ai_verdict = 'processing', attempts = 1, retake_until = now() - interval '1 second'`,
    );
    expectAnswer(await asWorker(retakeLapsed.id), 404, SESSION_NOT_FOUND);

    const lapsed = await createSession(consent);
    await update(lapsed, `expires_at = now() - interval '1 second'`);
    expectAnswer(await asWorker(lapsed.id), 404, SESSION_NOT_FOUND);
  });
});
