import { EncryptedStorage, EnvelopeError, ObjectNotFoundError, S3Storage } from '@app/storage';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { assetRow, createSession, expectAnswer, newAsset, upload } from './consent-api';
import { makeTestRecording } from '@app/testing';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

// The same upload path with STORAGE_BACKEND=s3, against a real S3-compatible server (s3rver, files in a temporary directory).
describe('recordings on the S3 backend', () => {
  let directory: string;
  let server: S3rver;
  let consent: ConsentTestApp;
  let bucket: S3Storage;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'consent-s3-spec-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'recordings' }] });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    consent = await startConsentTestApp({
      STORAGE_BACKEND: 's3',
      S3_BUCKET: 'recordings',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    bucket = new S3Storage({ bucket: 'recordings', region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  });
  afterAll(async () => {
    bucket.destroy();
    await consent.close();
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('puts only ciphertext in the bucket, which decrypts back to the recording', async () => {
    const session = await createSession(consent);
    const video = await makeTestRecording('webm');
    const assetId = await newAsset(consent, session, video.length);
    const sha256 = createHash('sha256').update(video).digest('hex');

    expectAnswer(await upload(consent, session, assetId, video), 201, { id: assetId, fileSize: video.length, mimeType: 'video/webm', sha256 });

    const key = `recordings/${session.id}/${assetId}`;
    const stored = await buffer(await bucket.get(key));
    expect(stored.subarray(0, 4).toString('latin1')).toBe('CIQE');
    expect(stored.includes(video.subarray(0, 64))).toBe(false);
    const encrypted = new EncryptedStorage(bucket, consent.keyRing);
    expect((await buffer(await encrypted.get(key))).equals(video)).toBe(true);

    stored[stored.length - 1] ^= 0x01;
    await bucket.put(key, stored);
    await expect(buffer(await encrypted.get(key))).rejects.toBeInstanceOf(EnvelopeError);
  });

  it('leaves no object behind when the content is refused', async () => {
    const session = await createSession(consent);
    const assetId = await newAsset(consent, session);
    expectAnswer(await upload(consent, session, assetId, Buffer.from('not a video\n'.repeat(500))), 415, { error: 'Recordings must be WebM or MP4 video', code: 'recording_unsupported' });
    await expect(bucket.get(`recordings/${session.id}/${assetId}`)).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await assetRow(consent, assetId)).toMatchObject({ stored_at: null });
  });
});
