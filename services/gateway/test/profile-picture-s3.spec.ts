import { S3Storage } from '@app/storage';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import sharp from 'sharp';
import { expectError, http, pictureFileName, pictureFiles, registerOk } from './api-helpers';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

// STORAGE_BACKEND=s3 against a real S3-compatible server (s3rver, files in a temporary directory).
describe('profile pictures on the S3 backend', () => {
  let directory: string;
  let server: S3rver;
  let gateway: GatewayTestApp;
  let bucket: S3Storage;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'gateway-s3-spec-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'pictures' }] });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const credentials = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
    gateway = await startGatewayTestApp({ STORAGE_BACKEND: 's3', S3_BUCKET: 'pictures', S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', ...credentials });
    bucket = new S3Storage({ bucket: 'pictures', region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  });
  afterAll(async () => {
    bucket.destroy();
    await gateway.close();
    await server.close();
    await rm(directory, { recursive: true, force: true });
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
