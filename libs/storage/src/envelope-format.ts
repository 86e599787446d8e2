/**
 * Byte layout of an encrypted object (version 1):
 *
 *   header   'CIQE' | version 0x01 | id length (1) | KEK id (ASCII) | wrap nonce (12) | wrapped data key (32)
 *            | wrap tag (16) | nonce prefix (7) | segment size (4, big-endian)
 *   segments AES-256-GCM ciphertext of `segment size` plaintext bytes | tag (16), repeated; the last segment holds
 *            0 to `segment size` bytes and is the only one flagged final
 *
 * The data key is wrapped under the KEK with the header's first part (magic to KEK id) as AAD. Each segment's nonce is
 * nonce prefix | segment counter (4, big-endian) | final flag (1), and the whole header is its AAD, so a segment
 * cannot be moved, dropped, cut or reattached to another header without its tag failing.
 */

export const SEGMENT_SIZE = 64 * 1024;
export const TAG_BYTES = 16;
export const DATA_KEY_BYTES = 32;
export const WRAP_NONCE_BYTES = 12;
export const NONCE_PREFIX_BYTES = 7;

const MAGIC = Buffer.from('CIQE', 'ascii');
const VERSION = 1;
const MAX_SEGMENT_SIZE = 16 * 1024 * 1024; // bounds what a reader buffers before it can authenticate anything

export interface EnvelopeHeader {
  kekId: string;
  wrapNonce: Buffer;
  wrappedKey: Buffer;
  wrapTag: Buffer;
  noncePrefix: Buffer;
  segmentSize: number;
}

/** Raised when an encrypted object cannot be read: not an envelope, unknown KEK, tampered or truncated. */
export class EnvelopeError extends Error {}

/** The part of the header the wrapped data key is bound to. */
export function wrapAad(kekId: string): Buffer {
  const id = Buffer.from(kekId, 'ascii');
  return Buffer.concat([MAGIC, Buffer.from([VERSION, id.length]), id]);
}

export function encodeHeader(header: EnvelopeHeader): Buffer {
  const segmentSize = Buffer.alloc(4);
  segmentSize.writeUInt32BE(header.segmentSize);
  return Buffer.concat([
    wrapAad(header.kekId),
    header.wrapNonce,
    header.wrappedKey,
    header.wrapTag,
    header.noncePrefix,
    segmentSize,
  ]);
}

/**
 * Reads a header from the start of `bytes`; undefined while too few bytes have arrived to tell.
 * `length` is how many bytes the header takes, so the segments start there.
 */
export function decodeHeader(bytes: Buffer): { header: EnvelopeHeader; length: number } | undefined {
  if (bytes.length < MAGIC.length + 2) return undefined;
  if (!bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw new EnvelopeError('not an encrypted object (bad magic)');
  const version = bytes[MAGIC.length];
  if (version !== VERSION) throw new EnvelopeError(`unsupported envelope version ${version}`);
  const idLength = bytes[MAGIC.length + 1];
  const length = MAGIC.length + 2 + idLength + WRAP_NONCE_BYTES + DATA_KEY_BYTES + TAG_BYTES + NONCE_PREFIX_BYTES + 4;
  if (bytes.length < length) return undefined;

  let offset = MAGIC.length + 2;
  const take = (count: number) => bytes.subarray(offset, (offset += count));
  const header = {
    kekId: take(idLength).toString('ascii'),
    wrapNonce: take(WRAP_NONCE_BYTES),
    wrappedKey: take(DATA_KEY_BYTES),
    wrapTag: take(TAG_BYTES),
    noncePrefix: take(NONCE_PREFIX_BYTES),
    segmentSize: take(4).readUInt32BE(),
  };
  if (header.segmentSize < 1 || header.segmentSize > MAX_SEGMENT_SIZE) {
    throw new EnvelopeError(`unsupported segment size ${header.segmentSize}`);
  }
  return { header, length };
}

/** Past 2^32 - 1 segments (256 TiB at 64 KiB) writeUInt32BE throws, so a nonce is never reused. */
export function segmentNonce(noncePrefix: Buffer, counter: number, final: boolean): Buffer {
  const nonce = Buffer.alloc(NONCE_PREFIX_BYTES + 5);
  noncePrefix.copy(nonce);
  nonce.writeUInt32BE(counter, NONCE_PREFIX_BYTES);
  nonce[NONCE_PREFIX_BYTES + 4] = final ? 1 : 0;
  return nonce;
}
