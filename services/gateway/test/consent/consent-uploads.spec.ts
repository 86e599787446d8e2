import { makeTestRecording } from '@app/testing';
import http from 'node:http';
import { eventually, filesUnder } from '../../../consent/test/consent-api';
import { expectError } from '../api-helpers';
import {
  api,
  ConsentStack,
  CreatedSession,
  createSession,
  memberOf,
  partnerHeaders,
  startConsentStack,
} from './consent-stack';

const LIMIT = 200_000;

describe('recording uploads through the gateway: streamed, checked by content, nothing left behind', () => {
  let stack: ConsentStack;
  let session: CreatedSession;

  beforeAll(async () => {
    stack = await startConsentStack({ RECORDING_MAX_BYTES: String(LIMIT) });
    session = await createSession(stack, await memberOf(stack));
  });
  afterAll(async () => {
    await stack.close();
  });

  async function newAsset(size: number, mimeType = 'video/webm'): Promise<string> {
    const response = await api(stack).post('/api/video/assets').set(partnerHeaders(session)).send({
      sessionId: session.id,
      filename: 'consent.webm',
      mimeType,
      fileSize: size,
      storageKey: 'ignored',
      isEncrypted: true,
    });
    expect(response.status).toBe(201);
    return response.body.id;
  }

  const upload = (assetId: string, bytes: Buffer, contentType = 'video/webm') =>
    api(stack)
      .post('/api/upload')
      .set(partnerHeaders(session))
      .field('sessionId', session.id)
      .field('videoAssetId', assetId)
      .attach('video', bytes, { filename: 'consent.webm', contentType });

  const storedAt = async (assetId: string) =>
    (await stack.consent.dataSource.query(`SELECT stored_at FROM consent.video_assets WHERE id = $1`, [assetId]))[0]
      .stored_at;

  it('refuses a declared type or size that can never be accepted before any byte is sent', async () => {
    const asText = await api(stack).post('/api/video/assets').set(partnerHeaders(session)).send({
      sessionId: session.id,
      filename: 'a.txt',
      mimeType: 'text/plain',
      fileSize: 10,
      storageKey: 'x',
      isEncrypted: true,
    });
    expectError(asText, 415, 'Recordings must be WebM or MP4 video');
    expectError(
      await api(stack)
        .post('/api/video/assets')
        .set(partnerHeaders(session))
        .send({
          sessionId: session.id,
          filename: 'a.webm',
          mimeType: 'video/webm',
          fileSize: LIMIT + 1,
          storageKey: 'x',
          isEncrypted: true,
        }),
      413,
    );
  });

  it('stores a real WebM and a real MP4', async () => {
    for (const kind of ['webm', 'mp4'] as const) {
      const bytes = await makeTestRecording(kind);
      const assetId = await newAsset(bytes.length, `video/${kind}`);
      const response = await upload(assetId, bytes, `video/${kind}`);
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ id: assetId, fileSize: bytes.length, mimeType: `video/${kind}` });
    }
  });

  it('refuses by content a file that only claims to be a video (415), keeping nothing', async () => {
    const before = await filesUnder(stack.consent.storageDir);
    const assetId = await newAsset(5000);
    const response = await upload(assetId, Buffer.from('<html>not a video at all</html>'.repeat(100)), 'video/webm');
    expectError(response, 415, 'Recordings must be WebM or MP4 video');
    expect(await storedAt(assetId)).toBeNull();
    expect(await filesUnder(stack.consent.storageDir)).toEqual(before);
  });

  it('refuses a recording over the limit (413), keeping nothing', async () => {
    const before = await filesUnder(stack.consent.storageDir);
    const real = await makeTestRecording('webm');
    // A real WebM head followed by more bytes than the limit allows.
    const big = Buffer.concat([real, Buffer.alloc(LIMIT + 10_000, 7)]);
    const assetId = await newAsset(1000);
    const response = await upload(assetId, big);
    expectError(response, 413);
    expect(await storedAt(assetId)).toBeNull();
    expect(await filesUnder(stack.consent.storageDir)).toEqual(before);
  });

  it('survives a client that disconnects mid-upload: nothing is kept and the next request is served', async () => {
    const before = await filesUnder(stack.consent.storageDir);
    const assetId = await newAsset(150_000);
    const real = await makeTestRecording('webm');
    const boundary = 'ciqboundary';
    const head = Buffer.from(
      [
        `--${boundary}\r\nContent-Disposition: form-data; name="sessionId"\r\n\r\n${session.id}\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="videoAssetId"\r\n\r\n${assetId}\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="consent.webm"\r\nContent-Type: video/webm\r\n\r\n`,
      ].join(''),
    );
    await new Promise<void>((done) => {
      const call = http.request({
        host: '127.0.0.1',
        port: stack.gatewayPort,
        method: 'POST',
        path: '/api/upload',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + 150_000,
          ...partnerHeaders(session),
        },
      });
      call.on('error', () => done());
      call.write(head);
      call.write(real.subarray(0, Math.min(real.length, 20_000)), () => setTimeout(() => call.destroy(), 300));
    });

    // The consent service notices the abort asynchronously; wait until it has cleaned up.
    await eventually(async () => (await filesUnder(stack.consent.storageDir)).length === before.length);
    expect(await filesUnder(stack.consent.storageDir)).toEqual(before);
    expect(await storedAt(assetId)).toBeNull();

    // The same asset can still be uploaded in full afterwards.
    const retried = await upload(assetId, real);
    expect(retried.status).toBe(201);
  });

  it('refuses an upload that is not multipart with a 415', async () => {
    expectError(
      await api(stack).post('/api/upload').set(partnerHeaders(session)).send({ video: 'x' }),
      415,
      'Expected a multipart/form-data upload',
    );
  });
});

describe('the gateway without its consent service', () => {
  it('answers 503 with an {error} instead of hanging or crashing', async () => {
    const stack = await startConsentStack();
    try {
      const session = await createSession(stack, await memberOf(stack));
      await stack.consent.app.close();
      const response = await api(stack).get(`/api/consent/sessions/${session.id}`).set(partnerHeaders(session));
      expectError(response, 503);
    } finally {
      await stack.close();
    }
  });
});
