import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { pictureDir, pictureFileName, registerOk } from './api-helpers';
import {
  EXIF_SECRET_ARTIST,
  jpegRotatedByExif,
  jpegWithExifAndGps,
  largePngPicture,
  pngPicture,
  toDataUrl,
  webpPicture,
} from './fixtures';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

/** The accepted side of the register picture: re-encoded to a bounded, metadata-free WebP. */
describe('profile picture upload (accepted pictures)', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    gateway = await startGatewayTestApp({ REGISTRATIONS_PER_IP_PER_HOUR: '1000' });
  });
  afterAll(() => gateway.close());

  /** Registers with the picture and returns the file the gateway stored for it. */
  async function storedPictureFor(dataUrl: string): Promise<Buffer> {
    const { user } = await registerOk(gateway, { profilePicture: dataUrl });
    return readFile(join(pictureDir(gateway), pictureFileName(user.profile_picture_url)));
  }

  function expectWebpMagic(bytes: Buffer): void {
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  }

  it.each([
    ['PNG', pngPicture, 'image/png'],
    ['JPEG', jpegWithExifAndGps, 'image/jpeg'],
    ['WebP', webpPicture, 'image/webp'],
  ])('accepts a %s and stores it as a WebP of the same size', async (_format, picture, mediaType) => {
    const stored = await storedPictureFor(toDataUrl(await picture(), mediaType));

    expectWebpMagic(stored);
    const metadata = await sharp(stored).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: 'webp',
      width: 40,
      height: 30,
    });
  });

  it('strips EXIF (with GPS), XMP and ICC metadata from the stored picture', async () => {
    const stored = await storedPictureFor(toDataUrl(await jpegWithExifAndGps(), 'image/jpeg'));

    const metadata = await sharp(stored).metadata();
    expect({ exif: metadata.exif, xmp: metadata.xmp, icc: metadata.icc, iptc: metadata.iptc }).toEqual({
      exif: undefined,
      xmp: undefined,
      icc: undefined,
      iptc: undefined,
    });
    expect(stored.includes(EXIF_SECRET_ARTIST)).toBe(false);
    expect(stored.includes('EXIF')).toBe(false);
    expect(stored.includes('XMP ')).toBe(false);
  });

  it('shrinks a large picture to at most 512 px on its longest side, keeping the aspect ratio', async () => {
    const stored = await storedPictureFor(toDataUrl(await largePngPicture(), 'image/png'));

    const metadata = await sharp(stored).metadata();
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 512, height: 288 });
  });

  it('applies the EXIF orientation before dropping it, so a portrait photo stays upright', async () => {
    const stored = await storedPictureFor(toDataUrl(await jpegRotatedByExif(), 'image/jpeg'));

    const metadata = await sharp(stored).metadata();
    expect({ width: metadata.width, height: metadata.height, orientation: metadata.orientation }).toEqual({
      width: 30,
      height: 40,
      orientation: undefined,
    });
  });

  it('ignores the media type the data URL claims: a PNG labelled image/gif is accepted', async () => {
    const stored = await storedPictureFor(toDataUrl(await pngPicture(), 'image/gif'));

    expect((await sharp(stored).metadata()).format).toBe('webp');
  });

  it('accepts base64 wrapped over several lines, as some encoders write it', async () => {
    const wrapped = (await pngPicture()).toString('base64').replace(/(.{76})/g, '$1\n');

    const stored = await storedPictureFor(`data:image/png;base64,${wrapped}`);

    expectWebpMagic(stored);
  });
});
