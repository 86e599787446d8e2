import { makeTestRecording } from '@app/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createSession, CREDENTIAL_REFUSED, filesUnder, partnerHeaders } from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

describe('the internal service credential', () => {
  let consent: ConsentTestApp;
  const sessionCount = async () =>
    Number((await consent.dataSource.query(`SELECT count(*) AS n FROM consent.consent_sessions`))[0].n);

  beforeAll(async () => {
    consent = await startConsentTestApp();
  });
  afterAll(() => consent.close());

  it('is not needed for the health probes', async () => {
    await request(consent.baseUrl).get('/healthz').expect(200, { status: 'ok' });
    await request(consent.baseUrl).get('/readyz').expect(200, { status: 'ok', postgres: 'ok', redis: 'ok' });
  });

  it('names no framework in an answer, a success or a refusal (no X-Powered-By)', async () => {
    const answers = [await request(consent.baseUrl).get('/healthz'), await request(consent.baseUrl).get('/sessions/x')];
    expect(answers.map((answer) => [answer.status, answer.headers['x-powered-by']])).toEqual([
      [200, undefined],
      [401, undefined],
    ]);
  });

  it.each([
    ['missing', undefined],
    ['wrong', 'not-the-internal-token-not-the-internal-token'],
    ['empty', ''],
  ])('refuses a call whose credential is %s with 401, and changes nothing', async (_case, token) => {
    const withToken = (test: request.Test) => (token === undefined ? test : test.set('X-Internal-Token', token));
    const created = await withToken(
      request(consent.baseUrl).post('/sessions').set('X-Actor-User-Id', randomUUID()),
    ).send({ initiatorFullName: 'Alex Doe', initiatorPictureUrl: null, deleteAfterDays: 90 });
    expect({ status: created.status, body: created.body }).toEqual({ status: 401, body: CREDENTIAL_REFUSED });
    expect(await sessionCount()).toBe(0);
  });

  it('guards every other route, uploads included, before anything is read or stored', async () => {
    const session = await createSession(consent);
    const before = await filesUnder(consent.storageDir);
    const video = await makeTestRecording('webm');
    const calls = [
      request(consent.baseUrl).get(`/sessions/${session.id}`).set('X-Actor-User-Id', session.initiatorUserId),
      request(consent.baseUrl).get(`/sessions/qr/${session.qrCodeId}`).set(partnerHeaders(session)),
      request(consent.baseUrl)
        .patch(`/sessions/${session.id}/status`)
        .set(partnerHeaders(session))
        .send({ status: 'denied' }),
      request(consent.baseUrl)
        .post('/video-assets')
        .set(partnerHeaders(session))
        .send({ sessionId: session.id, filename: 'a.webm', mimeType: 'video/webm', fileSize: 10 }),
      request(consent.baseUrl)
        .post('/uploads')
        .set(partnerHeaders(session))
        .field('sessionId', session.id)
        .field('videoAssetId', randomUUID())
        .attach('video', video, 'a.webm'),
      request(consent.baseUrl)
        .post('/process-video')
        .set(partnerHeaders(session))
        .field('sessionId', session.id)
        .field('decision', 'no'),
    ];
    for (const response of await Promise.all(calls))
      expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: CREDENTIAL_REFUSED });
    const [row] = await consent.dataSource.query(
      `SELECT consent_status, ai_verdict, audit_seq FROM consent.consent_sessions WHERE id = $1`,
      [session.id],
    );
    expect(row).toEqual({ consent_status: 'pending', ai_verdict: null, audit_seq: 1 });
    expect(Number((await consent.dataSource.query(`SELECT count(*) AS n FROM consent.video_assets`))[0].n)).toBe(0);
    expect(await filesUnder(consent.storageDir)).toEqual(before);
  });
});
