import { EncryptedStorage, EnvelopeError, LocalDirectoryStorage } from '@app/storage';
import { makeTestRecording } from '@app/testing';
import { createHash, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  assetRow,
  auditRows,
  call,
  CLIENT,
  CreatedSession,
  createSession,
  eventually,
  expectAnswer,
  filesUnder,
  newAsset,
  partnerHeaders,
  registerAsset,
  SESSION_NOT_FOUND,
  sessionKeyRing,
  upload,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

const LIMIT = 100_000;
const UNSUPPORTED = { error: 'Recordings must be WebM or MP4 video', code: 'recording_unsupported' };
const TOO_LARGE = { error: 'Recordings must be 0.09 MB or smaller', code: 'recording_too_large' };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('recordings: announced, streamed, checked by content, stored encrypted', () => {
  let consent: ConsentTestApp;
  let session: CreatedSession;
  const objectPath = (assetId: string) => join(consent.storageDir, 'recordings', session.id, assetId);
  /** What this test's session has in storage, temporary files included. */
  const sessionFiles = () => filesUnder(join(consent.storageDir, 'recordings', session.id));

  beforeAll(async () => {
    consent = await startConsentTestApp({ RECORDING_MAX_BYTES: String(LIMIT) });
  });
  beforeEach(async () => {
    session = await createSession(consent);
  });
  afterAll(() => consent.close());

  describe('POST /video-assets', () => {
    it("creates an unstored asset keyed by session and asset id, ignoring the client's key and flag", async () => {
      const response = await registerAsset(consent, session, 1234, 'video/webm;codecs=vp8,opus');
      expect(response.status).toBe(201);
      expect(Object.keys(response.body)).toEqual(['id']);
      expect(await assetRow(consent, response.body.id)).toMatchObject({
        session_id: session.id,
        filename: 'consent.webm',
        mime_type: 'video/webm;codecs=vp8,opus',
        file_size: '1234',
        storage_key: `recordings/${session.id}/${response.body.id}`,
        is_encrypted: true,
        sha256: null,
        stored_at: null,
      });
    });

    it('refuses a declared type that is not WebM or MP4 (415) and a declared size over the limit (413)', async () => {
      expectAnswer(await registerAsset(consent, session, 10, 'text/plain'), 415, UNSUPPORTED);
      expectAnswer(await registerAsset(consent, session, 10, 'video/quicktime'), 415, UNSUPPORTED);
      expectAnswer(await registerAsset(consent, session, LIMIT + 1), 413, TOO_LARGE);
      expect((await registerAsset(consent, session, LIMIT)).status).toBe(201);
    });

    it('holds at most MAX_ASSETS_PER_SESSION assets per session', async () => {
      for (let index = 0; index < 5; index++) await newAsset(consent, session);
      expectAnswer(await registerAsset(consent, session, 10), 409, {
        error: 'A consent session can hold at most 5 recordings',
        code: 'too_many_recordings',
      });
    });

    it('answers the 404 to a caller without the token, and 400 to a malformed body', async () => {
      expectAnswer(
        await registerAsset(consent, { ...session, recipientToken: 'nope', partnerCredential: null }, 10),
        404,
        SESSION_NOT_FOUND,
      );
      const noSize = await call(consent, 'post', '/video-assets')
        .set(partnerHeaders(session))
        .send({ sessionId: session.id, filename: 'a.webm', mimeType: 'video/webm' });
      expectAnswer(noSize, 400, { error: 'fileSize must be a number of bytes', code: 'validation_failed' });
    });
  });

  describe('POST /uploads', () => {
    it('stores a WebM encrypted, with the SHA-256 of the original bytes, and audits it', async () => {
      const video = await makeTestRecording('webm');
      const assetId = await newAsset(consent, session, video.length);

      const response = await upload(consent, session, assetId, video, 'application/octet-stream');
      expectAnswer(response, 201, {
        id: assetId,
        fileSize: video.length,
        mimeType: 'video/webm',
        sha256: sha256(video),
      });
      expect(await assetRow(consent, assetId)).toMatchObject({
        mime_type: 'video/webm',
        file_size: String(video.length),
        sha256: sha256(video),
        stored_at: expect.any(Date),
      });
      expect((await auditRows(consent, session.id)).slice(1)).toEqual([
        {
          event: 'recording_stored',
          details: { videoAssetId: assetId, sha256: sha256(video), size: video.length, mimeType: 'video/webm' },
          ip: CLIENT.ip,
          user_agent: CLIENT.userAgent,
        },
      ]);

      // On disk only ciphertext, which decrypts back to the very bytes sent; one flipped byte and it reads no more.
      const stored = await readFile(objectPath(assetId));
      expect(stored.equals(video)).toBe(false);
      expect(stored.includes(video.subarray(0, 64))).toBe(false);
      const encrypted = new EncryptedStorage(new LocalDirectoryStorage(consent.storageDir), consent.keyRing);
      const key = `recordings/${session.id}/${assetId}`;
      const ring = await sessionKeyRing(consent, session.id);
      expect((await buffer(await encrypted.get(key, ring))).equals(video)).toBe(true);
      // Its data key is wrapped under the session's own key: the service's KEK alone cannot read it (crypto-shredding).
      await expect(buffer(await encrypted.get(key))).rejects.toBeInstanceOf(EnvelopeError);
      stored[stored.length - 100] ^= 0x01;
      await writeFile(objectPath(assetId), stored);
      await expect(buffer(await encrypted.get(key, ring))).rejects.toBeInstanceOf(EnvelopeError);
      expect(await sessionFiles()).toEqual([objectPath(assetId)]);
    });

    it('stores an MP4, whatever type the client declared', async () => {
      const video = await makeTestRecording('mp4');
      expect(video.length).toBeLessThan(LIMIT);
      const assetId = await newAsset(consent, session, video.length, 'video/mp4');
      expectAnswer(await upload(consent, session, assetId, video, 'video/webm'), 201, {
        id: assetId,
        fileSize: video.length,
        mimeType: 'video/mp4',
        sha256: sha256(video),
      });
    });

    it('stores a recording once: a second upload of the asset is refused (409) and the first stays', async () => {
      const video = await makeTestRecording('webm');
      const assetId = await newAsset(consent, session, video.length);
      expect((await upload(consent, session, assetId, video)).status).toBe(201);
      const first = await readFile(objectPath(assetId));

      expectAnswer(await upload(consent, session, assetId, await makeTestRecording('mp4')), 409, {
        error: 'This recording was already uploaded',
        code: 'recording_already_stored',
      });
      expect((await readFile(objectPath(assetId))).equals(first)).toBe(true);
      expect((await assetRow(consent, assetId)).sha256).toBe(sha256(video));
    });

    it('lets exactly one of two simultaneous uploads of the same asset through', async () => {
      const video = await makeTestRecording('webm');
      const assetId = await newAsset(consent, session, video.length);
      const answers = await Promise.all([
        upload(consent, session, assetId, video),
        upload(consent, session, assetId, video),
      ]);
      expect(answers.map((response) => response.status).sort()).toEqual([201, 409]);
      expect((await assetRow(consent, assetId)).sha256).toBe(sha256(video));
      expect(await sessionFiles()).toEqual([objectPath(assetId)]);
    });

    it.each([
      ['text named .webm', () => Buffer.from('<html>not a video at all</html>\n'.repeat(200))],
      [
        'a PNG declared as video/webm',
        () => Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(5000, 1)]),
      ],
    ])('refuses %s by its content (415), storing nothing', async (_case, bytes) => {
      const assetId = await newAsset(consent, session);
      expectAnswer(await upload(consent, session, assetId, bytes(), 'video/webm'), 415, UNSUPPORTED);
      expect(await assetRow(consent, assetId)).toMatchObject({ stored_at: null, sha256: null });
      expect(await sessionFiles()).toEqual([]);
      expect((await auditRows(consent, session.id)).map((row) => row.event)).toEqual(['session_created']);
    });

    it('refuses a recording over RECORDING_MAX_BYTES (413), storing nothing', async () => {
      const video = await makeTestRecording('webm');
      const big = Buffer.concat([video, Buffer.alloc(LIMIT, 7)]);
      const assetId = await newAsset(consent, session);
      expectAnswer(await upload(consent, session, assetId, big), 413, TOO_LARGE);
      expect(await assetRow(consent, assetId)).toMatchObject({ stored_at: null });
      expect(await sessionFiles()).toEqual([]);
    });

    it('keeps nothing from a client that disconnects mid-upload, and serves the next request', async () => {
      const video = await makeTestRecording('webm');
      const assetId = await newAsset(consent, session, video.length);
      const boundary = 'consent-test-boundary';
      const head = Buffer.from(
        [
          `--${boundary}\r\nContent-Disposition: form-data; name="sessionId"\r\n\r\n${session.id}\r\n`,
          `--${boundary}\r\nContent-Disposition: form-data; name="videoAssetId"\r\n\r\n${assetId}\r\n`,
          `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="consent.webm"\r\nContent-Type: video/webm\r\n\r\n`,
        ].join(''),
      );
      const { port } = new URL(consent.baseUrl);
      const partial = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/uploads',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + video.length + 100,
          'X-Internal-Token': consent.internalToken,
          ...partnerHeaders(session),
        },
      });
      const closed = new Promise((done) => partial.on('error', done).on('close', done));
      partial.write(Buffer.concat([head, video.subarray(0, 20_000)]));
      // The connection drops while the recording is being written.
      await eventually(async () => (await sessionFiles()).some((file) => file.endsWith('.partial')));
      expect(await sessionFiles()).toEqual([expect.stringMatching(/\.partial$/)]);
      partial.destroy();
      await closed;

      await eventually(async () => (await sessionFiles()).length === 0);
      expect(await sessionFiles()).toEqual([]);
      expect(await assetRow(consent, assetId)).toMatchObject({ stored_at: null });

      expect((await upload(consent, session, assetId, video)).status).toBe(201);
    });

    it.each([
      [
        'the file comes before the fields',
        (test: ReturnType<typeof call>, video: Buffer, assetId: string) =>
          test.attach('video', video, 'a.webm').field('sessionId', session.id).field('videoAssetId', assetId),
        'sessionId and videoAssetId must come before the video',
        'upload_fields_missing',
      ],
      [
        'there is no file',
        (test: ReturnType<typeof call>, _video: Buffer, assetId: string) =>
          test.field('sessionId', session.id).field('videoAssetId', assetId),
        'A video file is required',
        'video_missing',
      ],
    ])('refuses an upload where %s (400)', async (_case, build, message, code) => {
      const assetId = await newAsset(consent, session);
      const response = await build(
        call(consent, 'post', '/uploads').set(partnerHeaders(session)),
        await makeTestRecording('webm'),
        assetId,
      );
      expectAnswer(response, 400, { error: message, code });
      expect(await assetRow(consent, assetId)).toMatchObject({ stored_at: null });
    });

    it('refuses a body that is not multipart (415)', async () => {
      const response = await call(consent, 'post', '/uploads').set(partnerHeaders(session)).send({ video: 'x' });
      expectAnswer(response, 415, { error: 'Expected a multipart/form-data upload', code: 'multipart_expected' });
    });

    it('answers the 404 for a wrong token or a session that lapsed, and 404 for an asset of another session', async () => {
      const video = await makeTestRecording('webm');
      const assetId = await newAsset(consent, session, video.length);
      expectAnswer(
        await upload(consent, session, assetId, video, 'video/webm', { 'X-Recipient-Token': 'wrong-token' }),
        404,
        SESSION_NOT_FOUND,
      );

      const other = await createSession(consent);
      const foreign = await newAsset(consent, other, video.length);
      expectAnswer(await upload(consent, session, foreign, video), 404, {
        error: 'Recording not found',
        code: 'recording_not_found',
      });
      expectAnswer(await upload(consent, session, randomUUID(), video), 404, {
        error: 'Recording not found',
        code: 'recording_not_found',
      });

      await consent.dataSource.query(
        `UPDATE consent.consent_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
        [session.id],
      );
      expectAnswer(await upload(consent, session, assetId, video), 404, SESSION_NOT_FOUND);
      expect(await sessionFiles()).toEqual([]);
    });

    it('refuses a recording for a session already answered (409)', async () => {
      const video = await makeTestRecording('webm');
      const assetId = await newAsset(consent, session, video.length);
      await call(consent, 'patch', `/sessions/${session.id}/status`)
        .set(partnerHeaders(session))
        .send({ status: 'denied' })
        .expect(200);
      expectAnswer(await upload(consent, session, assetId, video), 409, {
        error: 'This consent session has already been answered',
        code: 'already_answered',
      });
      expectAnswer(await registerAsset(consent, session, 10), 409, {
        error: 'This consent session has already been answered',
        code: 'already_answered',
      });
    });
  });
});
