import { expectError, register, snapshotWrites } from './api-helpers';
import { decompressionBombPng, gifPicture, MB, pngLookingBytes, textFile, toDataUrl, truncatedJpeg } from './fixtures';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

/**
 * The refused side of the register picture. Every refusal must leave the database and the storage directory
 * exactly as they were: no user, no session, no file (not even a temporary one).
 */
describe('profile picture upload (refused pictures)', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    gateway = await startGatewayTestApp({ REGISTRATIONS_PER_IP_PER_HOUR: '1000' });
  });
  afterAll(() => gateway.close());

  async function expectRefusedWithoutTrace(
    profilePicture: string,
    status: number,
    message?: string | RegExp,
  ): Promise<void> {
    const before = await snapshotWrites(gateway);
    const response = await register(gateway, { profilePicture });
    expectError(response, status, message);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await snapshotWrites(gateway)).toEqual(before);
  }

  it('refuses a GIF labelled image/png with 415', async () => {
    await expectRefusedWithoutTrace(
      toDataUrl(await gifPicture(), 'image/png'),
      415,
      'Profile picture must be a PNG, JPEG or WebP image',
    );
  });

  it('refuses a text file labelled image/png with 415', async () => {
    await expectRefusedWithoutTrace(
      toDataUrl(textFile(), 'image/png'),
      415,
      'Profile picture must be a PNG, JPEG or WebP image',
    );
  });

  it('refuses a truncated JPEG with 415', async () => {
    await expectRefusedWithoutTrace(
      toDataUrl(await truncatedJpeg(), 'image/jpeg'),
      415,
      'Profile picture could not be read as an image',
    );
  });

  it('refuses PNG magic bytes followed by garbage with 415', async () => {
    await expectRefusedWithoutTrace(
      toDataUrl(pngLookingBytes(4096), 'image/png'),
      415,
      'Profile picture could not be read as an image',
    );
  });

  it('refuses a decompression bomb (a few KB decoding to 100 megapixels) with 415', async () => {
    await expectRefusedWithoutTrace(
      toDataUrl(await decompressionBombPng(), 'image/png'),
      415,
      'Profile picture could not be read as an image',
    );
  });

  it('refuses a picture one byte over 5 MB with 413', async () => {
    await expectRefusedWithoutTrace(
      toDataUrl(pngLookingBytes(5 * MB + 1), 'image/png'),
      413,
      'Profile picture must be 5 MB or smaller',
    );
  });

  it('measures the 5 MB limit inclusively: exactly 5 MB is not refused for its size', async () => {
    // Random bytes after the PNG signature: past the size check, the decoder refuses them.
    await expectRefusedWithoutTrace(toDataUrl(pngLookingBytes(5 * MB), 'image/png'), 415);
  });

  it('refuses a 6 MB picture (a body over the JSON limit) with 413', async () => {
    await expectRefusedWithoutTrace(toDataUrl(pngLookingBytes(6 * MB), 'image/png'), 413);
  });

  it('refuses a data URL with an empty payload with 400', async () => {
    await expectRefusedWithoutTrace('data:image/png;base64,', 400);
  });
});
