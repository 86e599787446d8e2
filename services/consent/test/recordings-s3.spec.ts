import { EncryptedStorage, EnvelopeError, ObjectNotFoundError } from '@app/storage';
import { makeTestRecording, startTestS3, type TestS3 } from '@app/testing';
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { assetRow, createSession, expectAnswer, newAsset, sessionKeyRing, upload } from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

// The same upload path with STORAGE_BACKEND=s3, against a real S3-compatible server (s3rver, files in a temporary directory).
describe('recordings on the S3 backend', () => {
  let s3: TestS3;
  let consent: ConsentTestApp;
  let bucket: TestS3['bucket'];

  beforeAll(async () => {
    s3 = await startTestS3('recordings');
    bucket = s3.bucket;
    consent = await startConsentTestApp(s3.env);
  });
  afterAll(async () => {
    await consent.close();
    await s3.close();
  });

  it('puts only ciphertext in the bucket, which decrypts back to the recording', async () => {
    const session = await createSession(consent);
    const video = await makeTestRecording('webm');
    const assetId = await newAsset(consent, session, video.length);
    const sha256 = createHash('sha256').update(video).digest('hex');

    expectAnswer(await upload(consent, session, assetId, video), 201, {
      id: assetId,
      fileSize: video.length,
      mimeType: 'video/webm',
      sha256,
    });

    const key = `recordings/${session.id}/${assetId}`;
    const stored = await buffer(await bucket.get(key));
    expect(stored.subarray(0, 4).toString('latin1')).toBe('CIQE');
    expect(stored.includes(video.subarray(0, 64))).toBe(false);
    const encrypted = new EncryptedStorage(bucket, consent.keyRing);
    const ring = await sessionKeyRing(consent, session.id);
    expect((await buffer(await encrypted.get(key, ring))).equals(video)).toBe(true);

    stored[stored.length - 1] ^= 0x01;
    await bucket.put(key, stored);
    await expect(buffer(await encrypted.get(key, ring))).rejects.toBeInstanceOf(EnvelopeError);
  });

  it('leaves no object behind when the content is refused', async () => {
    const session = await createSession(consent);
    const assetId = await newAsset(consent, session);
    expectAnswer(await upload(consent, session, assetId, Buffer.from('not a video\n'.repeat(500))), 415, {
      error: 'Recordings must be WebM or MP4 video',
      code: 'recording_unsupported',
    });
    await expect(bucket.get(`recordings/${session.id}/${assetId}`)).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await assetRow(consent, assetId)).toMatchObject({ stored_at: null });
  });
});
