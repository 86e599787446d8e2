import { makeTestRecording, multipartBody } from '@app/testing';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import {
  assetRow,
  auditRows,
  call,
  CreatedSession,
  createSession,
  decisionFields,
  eventually,
  expectAnswer,
  filesUnder,
  newAsset,
  partnerHeaders,
  processVideo,
  SESSION_NOT_FOUND,
  sessionRow,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

const invalid = (error: string) => ({ error, code: 'validation_failed' });

/**
 * Defence in depth: the consent service talks SQL, so it refuses what the gateway already refuses at the edge
 * (Postgres would answer NUL in text with an error, a 500) even when called directly.
 */
describe('consent service: bad input never reaches SQL', () => {
  let consent: ConsentTestApp;
  let session: CreatedSession;

  beforeAll(async () => {
    consent = await startConsentTestApp();
    session = await createSession(consent);
  });
  afterAll(() => consent.close());

  const assetCount = async () =>
    (await consent.dataSource.query(`SELECT count(*)::int AS count FROM consent.video_assets`))[0].count as number;
  const snapshot = async () => ({
    row: await sessionRow(consent, session.id),
    assets: await assetCount(),
    files: await filesUnder(consent.storageDir),
  });

  it.each(['/sessions/qr/%00', '/sessions/%00', '/sessions/qr/ciq-a-b%00', '/sessions/qr/..%2Fsessions'])(
    'answers GET %s as an unknown session',
    async (path) => {
      expectAnswer(await call(consent, 'get', path).set(partnerHeaders(session)), 404, SESSION_NOT_FOUND);
    },
  );

  it('refuses a session whose initiator name holds NUL', async () => {
    const response = await call(consent, 'post', '/sessions')
      .set('X-Actor-User-Id', randomUUID())
      .send({ initiatorFullName: 'Alex\u0000', deleteAfterDays: 90 });
    expectAnswer(response, 400, invalid('initiatorFullName must not contain control characters'));
  });

  it.each([
    [{ filename: 'a\u0000.webm' }, 'filename must not contain control characters'],
    [{ mimeType: 'video/webm\u0000' }, 'mimeType must not contain control characters'],
  ])('refuses a recording announced with %j', async (overrides, message) => {
    const before = await assetCount();
    const response = await call(consent, 'post', '/video-assets')
      .set(partnerHeaders(session))
      .send({ sessionId: session.id, filename: 'consent.webm', mimeType: 'video/webm', fileSize: 1000, ...overrides });
    expectAnswer(response, 400, invalid(message));
    expect(await assetCount()).toBe(before);
  });

  it.each([
    ['recipient_full_name', 'Name must not contain control characters'],
    ['recipient_phone', 'Phone number must not contain control characters'],
  ])('refuses a submission whose %s holds NUL, storing nothing', async (field, message) => {
    const before = await snapshot();
    const fields = decisionFields(session);
    const response = await processVideo(
      consent,
      session,
      { ...fields, [field]: `${fields[field]}\u0000` },
      await makeTestRecording('webm'),
    );
    expectAnswer(response, 400, invalid(message));
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a submission whose video part's file name holds NUL, storing nothing", async () => {
    const before = await snapshot();
    const boundary = 'nul-file-name';
    const body = multipartBody(boundary, [
      ...Object.entries(decisionFields(session)).map(([name, value]) => ({ name, value })),
      {
        name: 'video',
        file: await makeTestRecording('webm'),
        disposition: `form-data; name="video"; filename*=utf-8''a%00.webm`,
        contentType: 'video/webm',
      },
    ]);
    const response = await call(consent, 'post', '/process-video')
      .set(partnerHeaders(session))
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(body);
    expectAnswer(response, 400, invalid('filename must not contain control characters'));
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a JSON body nested thousands of levels deep', async () => {
    const response = await call(consent, 'post', '/video-assets')
      .set(partnerHeaders(session))
      .set('Content-Type', 'application/json')
      .send(`{"sessionId":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expectAnswer(response, 400, { error: 'Request body is nested too deeply', code: 'body_too_deep' });
  });

  it('keeps nothing of a whole file part whose request never completes (it declared more than it sent)', async () => {
    const files = await filesUnder(consent.storageDir);
    const video = await makeTestRecording('webm');
    const assetId = await newAsset(consent, session, video.length);
    const boundary = 'broken-off';
    const body = multipartBody(boundary, [
      { name: 'sessionId', value: session.id },
      { name: 'videoAssetId', value: assetId },
      { name: 'video', file: video, filename: 'consent.webm', contentType: 'video/webm' },
    ]);
    const { hostname, port } = new URL(consent.baseUrl);
    await new Promise<void>((done) => {
      const upload = http.request({
        host: hostname,
        port,
        method: 'POST',
        path: '/uploads',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': body.length + 1000,
          'X-Internal-Token': consent.internalToken,
          ...partnerHeaders(session),
        },
      });
      upload.on('error', () => done());
      // Long enough for the whole recording to be stored, were the file part all that counted.
      upload.write(body, () => setTimeout(() => upload.destroy(), 500));
    });

    await eventually(async () => (await filesUnder(consent.storageDir)).length === files.length);
    expect(await filesUnder(consent.storageDir)).toEqual(files);
    expect((await assetRow(consent, assetId)).stored_at).toBeNull();
  });

  it('answers a form that breaks off in a second file part (no closing boundary) at once, storing nothing', async () => {
    const files = await filesUnder(consent.storageDir);
    const assetId = await newAsset(consent, session, 1000);
    const video = await makeTestRecording('webm');
    const part = { name: 'video', file: video.subarray(0, 2000), filename: 'consent.webm', contentType: 'video/webm' };
    const body = multipartBody(
      'two-files',
      [{ name: 'sessionId', value: session.id }, { name: 'videoAssetId', value: assetId }, part, part],
      { close: false },
    );
    const response = await call(consent, 'post', '/uploads')
      .set(partnerHeaders(session))
      .set('Content-Type', 'multipart/form-data; boundary=two-files')
      .timeout(5000)
      .send(body);
    expectAnswer(response, 400, { error: 'The multipart body could not be read', code: 'multipart_unreadable' });
    expect(await filesUnder(consent.storageDir)).toEqual(files);
    expect((await assetRow(consent, assetId)).stored_at).toBeNull();
  });

  it('keeps only a real address as the audited client IP', async () => {
    const opened = await call(consent, 'get', `/sessions/qr/${session.qrCodeId}`)
      .set(partnerHeaders(session))
      .set('X-Client-Ip', `not-an-ip ${'x'.repeat(80)}`);
    expect(opened.status).toBe(200);
    expect((await auditRows(consent, session.id)).at(-1)).toMatchObject({ event: 'link_opened', ip: null });
  });
});
