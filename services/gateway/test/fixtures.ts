import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Test data shared by the gateway's API tests: register payloads and pictures generated with sharp at test time,
 * so nothing binary is checked in and every picture is exactly what its name says.
 */

export const VALID_PASSWORD = 'correct horse 42';
export const VALID_FULL_NAME = 'Alex Doe';
export const VALID_PHONE = '+1 555 123 4567';

let emailCounter = 0;

/** A fresh, valid, lower-case e-mail address; `label` only helps reading failures. */
export function uniqueEmail(label = 'user'): string {
  emailCounter += 1;
  return `${label}-${emailCounter}-${randomBytes(3).toString('hex')}@example.test`;
}

export function toDataUrl(bytes: Buffer, mediaType: string): string {
  return `data:${mediaType};base64,${bytes.toString('base64')}`;
}

export interface RegisterPayload {
  username: string;
  password: string;
  fullName: string;
  phoneNumber: string;
  profilePicture: string;
  /** The referral code of `/register?ref=CODE`. */
  ref?: string;
}

/** A register body the API accepts; every field can be overridden (or removed with `undefined`). */
export async function validRegisterPayload(
  overrides: Partial<Record<keyof RegisterPayload, unknown>> = {},
): Promise<Record<string, unknown>> {
  const payload: Record<string, unknown> = {
    username: uniqueEmail(),
    password: VALID_PASSWORD,
    fullName: VALID_FULL_NAME,
    phoneNumber: VALID_PHONE,
    profilePicture: toDataUrl(await pngPicture(), 'image/png'),
    ...overrides,
  };
  for (const key of Object.keys(payload)) if (payload[key] === undefined) delete payload[key];
  return payload;
}

/** Generates a picture once per test file and hands out the same bytes afterwards. */
function once(make: () => Promise<Buffer>): () => Promise<Buffer> {
  let made: Promise<Buffer> | undefined;
  return () => (made ??= make());
}

function solid(width: number, height: number): sharp.Sharp {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
}

/** The GPS IFD pointer tag (0x8825) as it appears in a little-endian EXIF block. */
const GPS_IFD_POINTER = Buffer.from([0x25, 0x88]);

export const EXIF_SECRET_ARTIST = 'Jane Secret-Photographer';

/** A 40x30 JPEG carrying EXIF (camera owner, GPS position), an ICC profile and XMP: everything a phone photo leaks. */
export const jpegWithExifAndGps = once(async () => {
  const bytes = await solid(40, 30)
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'x', Artist: EXIF_SECRET_ARTIST },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .withIccProfile('p3')
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Jane</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
  // Guard the fixture itself: the upload really carries the metadata the server must strip.
  const metadata = await sharp(bytes).metadata();
  if (
    !metadata.exif?.includes(GPS_IFD_POINTER) ||
    !metadata.exif.includes(EXIF_SECRET_ARTIST) ||
    !metadata.icc ||
    !metadata.xmp
  ) {
    throw new Error('fixture: the JPEG lacks its EXIF/GPS/ICC/XMP metadata');
  }
  return bytes;
});

/** A 40x30 JPEG whose EXIF says "rotate 90° clockwise to display" (orientation 6), as phones write portrait shots. */
export const jpegRotatedByExif = once(() => solid(40, 30).jpeg().withMetadata({ orientation: 6 }).toBuffer());

export const pngPicture = once(() => solid(40, 30).png().toBuffer());

/** 1600x900: must come back at most 512 px on its longest side. */
export const largePngPicture = once(() =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer(),
);

export const webpPicture = once(() => solid(40, 30).webp().toBuffer());

export const gifPicture = once(() => solid(40, 30).gif().toBuffer());

export const textFile = (): Buffer => Buffer.from('just some text, not an image at all\n'.repeat(4));

/** The first half of a valid JPEG: right magic bytes, unreadable content. */
export const truncatedJpeg = once(async () => {
  const whole = await sharp({
    create: {
      width: 200,
      height: 150,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
});

/** PNG magic bytes followed by random data, `size` bytes long: passes the type sniff, then decodes to nothing. */
export function pngLookingBytes(size: number): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, randomBytes(size - signature.length)]);
}

export const MB = 1024 * 1024;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A valid 10000x10000 black-and-white PNG of a few kilobytes that decodes to 100 megapixels:
 * a decompression bomb, well under the 5 MB upload limit.
 */
export const decompressionBombPng = once(async () => {
  const side = 10_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth 1
  header.writeUInt8(0, 9); // greyscale
  const rowBytes = 1 + Math.ceil(side / 8); // filter byte + pixels
  const pixels = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  if (metadata.width !== side || metadata.height !== side || bytes.length > MB)
    throw new Error('fixture: bad decompression bomb');
  return bytes;
});
