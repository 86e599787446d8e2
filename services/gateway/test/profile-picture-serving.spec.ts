import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expectError, http, pictureDir, pictureFileName, registerOk } from './api-helpers';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

describe('GET /api/media/profile-pictures/:key', () => {
  let gateway: GatewayTestApp;
  let pictureUrl: string;
  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    pictureUrl = String((await registerOk(gateway)).user.profile_picture_url);
  });
  afterAll(() => gateway.close());

  it('serves the stored picture at profile_picture_url as image/webp, publicly (the partner has no account)', async () => {
    const response = await http(gateway).get(pictureUrl);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const stored = await readFile(join(pictureDir(gateway), pictureFileName(pictureUrl)));
    expect(Buffer.isBuffer(response.body)).toBe(true);
    expect((response.body as Buffer).equals(stored)).toBe(true);
  });

  it.each([
    ['an unknown key of the right shape', '0123456789abcdef0123456789abcdef.webp'],
    ['a key without the .webp suffix', '0123456789abcdef0123456789abcdef'],
    ['a key with upper-case hex', '0123456789ABCDEF0123456789ABCDEF.webp'],
    ['a path-traversal attempt', '..%2F..%2F..%2Fetc%2Fpasswd'],
    ['a traversal towards the storage root', '..%2Fprofile-pictures'],
  ])('answers 404 {error} for %s', async (_label, key) => {
    expectError(await http(gateway).get(`/api/media/profile-pictures/${key}`), 404);
  });

  it('answers 404 {error} for the picture of a key that matches but whose file is gone', async () => {
    const other = String((await registerOk(gateway)).user.profile_picture_url);
    await rm(join(pictureDir(gateway), pictureFileName(other)));

    expectError(await http(gateway).get(other), 404, 'Picture not found');
  });
});
