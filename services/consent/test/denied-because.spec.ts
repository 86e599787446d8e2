import { type ConsentSession, consentSessionSchema } from '@app/contracts';
import { makeTestRecording } from '@app/testing';
import request from 'supertest';
import { CloseLapsedRetakes } from '../src/analysis/close-lapsed-retakes';
import {
  call,
  type CreatedSession,
  createSession,
  decisionFields,
  PARTNER,
  partnerHeaders,
  processVideo,
  storedRecording,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

/** The judge's reasons as the media worker reports them (judge.spec.ts lists what it gives for what it heard). */
const UNCLEAR = ['negation', 'no_consent_statement', 'name_not_confirmed'];
const HEARD = "uh uh won't uh";

/**
 * A denied session says why (`deniedBecause`): the partner clearly said no (`answer`), or the recording could not
 * confirm consent (`recording`). The member is told only that, never what was heard nor at which step a No came.
 */
describe('why a session was denied, as its screens are told', () => {
  let consent: ConsentTestApp;

  beforeAll(async () => {
    consent = await startConsentTestApp();
  });
  afterAll(async () => {
    await consent?.close();
  });

  const read = async (session: CreatedSession, headers: Record<string, string>): Promise<ConsentSession> =>
    consentSessionSchema
      .strict()
      .parse((await call(consent, 'get', `/sessions/${session.id}`).set(headers).expect(200)).body);
  const memberRead = (session: CreatedSession) => read(session, { 'X-Actor-User-Id': session.initiatorUserId });
  const partnerRead = (session: CreatedSession) => read(session, partnerHeaders(session));
  const report = (session: CreatedSession, videoAssetId: string, outcome: string, reasons: string[]) =>
    request(consent.baseUrl)
      .post(`/analysis/${session.id}/verdict`)
      .set('X-Internal-Token', consent.mediaWorkerToken)
      .send({ videoAssetId, outcome, reasons, transcript: HEARD, recogniser: 'pocketsphinx test', timingsMs: {} })
      .expect(200);
  /** The partner records and presses Yes (the first time with their details, then as a retake); answers the recording. */
  async function submitYes(session: CreatedSession, first: boolean): Promise<string> {
    const assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
    const fields = first
      ? decisionFields(session, assetId)
      : { sessionId: session.id, decision: 'yes', videoAssetId: assetId };
    await processVideo(consent, session, fields).expect(202);
    return assetId;
  }

  it('three unclear recordings: the recording could not confirm consent, and the member learns nothing of what was heard', async () => {
    const session = await createSession(consent);
    for (const attempt of [1, 2, 3]) {
      const assetId = await submitYes(session, attempt === 1);
      // Before the last recording an unclear one is a retake, no denial, and nothing says why.
      expect((await memberRead(session)).deniedBecause).toBeNull();
      await report(session, assetId, 'unclear', UNCLEAR);
    }

    const member = await memberRead(session);
    expect(member).toMatchObject({
      consentStatus: 'denied',
      aiVerdict: 'denied',
      deniedBecause: 'recording',
      check: null,
    });
    expect(JSON.stringify(member)).not.toMatch(/won't|negation|no_consent_statement/);
    expect(await partnerRead(session)).toMatchObject({
      aiVerdict: 'denied',
      deniedBecause: 'recording',
      check: { answer: 'yes', heard: HEARD },
    });
  });

  it('a retake not recorded in time: the last unclear recording is the denial, from the recording', async () => {
    const session = await createSession(consent);
    await report(session, await submitYes(session, true), 'unclear', UNCLEAR);
    await consent.dataSource.query(
      `UPDATE consent.consent_sessions SET retake_until = now() - interval '1 second' WHERE id = $1`,
      [session.id],
    );
    await consent.app.get(CloseLapsedRetakes).run();

    expect(await memberRead(session)).toMatchObject({ aiVerdict: 'denied', deniedBecause: 'recording' });
  });

  it('a refusal the judge heard clearly: the partner said no, as a pressed No reads', async () => {
    const session = await createSession(consent);
    await report(session, await submitYes(session, true), 'denied', ['refusal']);

    expect(await memberRead(session)).toMatchObject({ aiVerdict: 'denied', deniedBecause: 'answer', check: null });
    expect(await partnerRead(session)).toMatchObject({ deniedBecause: 'answer', check: { answer: 'yes' } });
  });

  const DETAILS = { recipientFullName: PARTNER.name, recipientPhone: PARTNER.phone };
  it.each([
    // The page's No button at the recording step (and at a retake offer) refuses through the status route.
    [
      'at the recording step',
      true,
      (session: CreatedSession) =>
        call(consent, 'patch', `/sessions/${session.id}/status`)
          .set(partnerHeaders(session))
          .send({ status: 'denied', ...DETAILS }),
    ],
    [
      'to a safety question',
      false,
      (session: CreatedSession) =>
        call(consent, 'post', `/sessions/${session.id}/safety-check`)
          .set(partnerHeaders(session))
          .send({ freeToSayNo: false, clearHeaded: true, ...DETAILS }),
    ],
  ])('a No pressed %s: the partner said no, in the answer to the No already', async (_step, answerSafety, pressNo) => {
    const session = await createSession(consent, undefined, undefined, { answerSafety });
    const answered = consentSessionSchema.strict().parse((await pressNo(session).expect(200)).body);

    expect(answered).toMatchObject({ aiVerdict: 'denied', deniedBecause: 'answer', check: { answer: 'no' } });
    expect(await memberRead(session)).toMatchObject({ aiVerdict: 'denied', deniedBecause: 'answer' });
  });

  it('says nothing of why for a session that is not denied', async () => {
    const session = await createSession(consent);
    expect((await memberRead(session)).deniedBecause).toBeNull();
    await report(session, await submitYes(session, true), 'granted', ['consent_affirmed', 'name_matched']);
    expect(await memberRead(session)).toMatchObject({ aiVerdict: 'granted', deniedBecause: null });
  });
});
