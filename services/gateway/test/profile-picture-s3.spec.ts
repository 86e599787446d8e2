import { startTestS3, type TestS3 } from '@app/testing';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { expectError, http, pictureFileName, pictureFiles, registerOk } from './api-helpers';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

// STORAGE_BACKEND=s3 against a real S3-compatible server (s3rver, files in a temporary directory).
describe('profile pictures on the S3 backend', () => {
  let s3: TestS3;
  let gateway: GatewayTestApp;
  let bucket: TestS3['bucket'];

  beforeAll(async () => {
    s3 = await startTestS3('pictures');
    bucket = s3.bucket;
    gateway = await startGatewayTestApp(s3.env);
  });
  afterAll(async () => {
    await gateway.close();
    await s3.close();
  });

  it('stores the picture in the bucket, not in STORAGE_DIR, and serves it from there', async () => {
    const pictureUrl = String((await registerOk(gateway)).user.profile_picture_url);

    const stored = await buffer(await bucket.get(`profile-pictures/${pictureFileName(pictureUrl)}`));
    expect((await sharp(stored).metadata()).format).toBe('webp');
    expect(await pictureFiles(gateway)).toEqual([]);

    const response = await http(gateway).get(pictureUrl);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect((response.body as Buffer).equals(stored)).toBe(true);
  });

  it('answers 404 once the object is gone from the bucket', async () => {
    const pictureUrl = String((await registerOk(gateway)).user.profile_picture_url);
    await bucket.delete(`profile-pictures/${pictureFileName(pictureUrl)}`);

    expectError(await http(gateway).get(pictureUrl), 404, 'Picture not found');
  });
});
