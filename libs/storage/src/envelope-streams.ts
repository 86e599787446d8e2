import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Transform, TransformCallback } from 'node:stream';
import {
  DATA_KEY_BYTES,
  decodeHeader,
  encodeHeader,
  EnvelopeError,
  NONCE_PREFIX_BYTES,
  SEGMENT_SIZE,
  segmentNonce,
  TAG_BYTES,
  WRAP_NONCE_BYTES,
  wrapAad,
} from './envelope-format';
import { KeyRing } from './key-ring';

const CIPHER = 'aes-256-gcm';

/** Plaintext in, envelope out: a fresh data key per stream, wrapped under the ring's active KEK. */
export class EnvelopeEncryptor extends Transform {
  private readonly dataKey = randomBytes(DATA_KEY_BYTES);
  private readonly noncePrefix = randomBytes(NONCE_PREFIX_BYTES);
  private readonly header: Buffer;
  private pending: Buffer = Buffer.alloc(0);
  private counter = 0;

  constructor(keyRing: KeyRing) {
    super();
    const { id: kekId, key: kek } = keyRing.active;
    const wrapNonce = randomBytes(WRAP_NONCE_BYTES);
    const wrap = createCipheriv(CIPHER, kek, wrapNonce, { authTagLength: TAG_BYTES });
    wrap.setAAD(wrapAad(kekId));
    const wrappedKey = Buffer.concat([wrap.update(this.dataKey), wrap.final()]);
    this.header = encodeHeader({
      kekId,
      wrapNonce,
      wrappedKey,
      wrapTag: wrap.getAuthTag(),
      noncePrefix: this.noncePrefix,
      segmentSize: SEGMENT_SIZE,
    });
    this.push(this.header);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    // A full segment is kept back until more bytes arrive: only then is it known not to be the final one.
    let offset = 0;
    while (this.pending.length - offset > SEGMENT_SIZE) {
      this.seal(this.pending.subarray(offset, offset + SEGMENT_SIZE), false);
      offset += SEGMENT_SIZE;
    }
    this.pending = this.pending.subarray(offset);
    done();
  }

  override _flush(done: TransformCallback): void {
    this.seal(this.pending, true);
    done();
  }

  private seal(plaintext: Buffer, final: boolean): void {
    const cipher = createCipheriv(CIPHER, this.dataKey, segmentNonce(this.noncePrefix, this.counter++, final), {
      authTagLength: TAG_BYTES,
    });
    cipher.setAAD(this.header);
    this.push(Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]));
  }
}

/**
 * Envelope in, plaintext out. A segment's plaintext is pushed only after its tag verified, so a consumer never
 * sees unauthenticated bytes; any failure destroys the stream with an EnvelopeError.
 */
export class EnvelopeDecryptor extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  private opened?: { header: Buffer; dataKey: Buffer; noncePrefix: Buffer; recordSize: number };
  private counter = 0;

  constructor(
    private readonly keyRing: KeyRing,
    private readonly objectKey: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    this.guard(done, () => {
      this.opened ??= this.open();
      if (!this.opened) return;
      // As when writing: a record is known not to be the final one only once more bytes follow it.
      const { recordSize } = this.opened;
      let offset = 0;
      while (this.pending.length - offset > recordSize) {
        this.verify(this.pending.subarray(offset, offset + recordSize), false);
        offset += recordSize;
      }
      this.pending = this.pending.subarray(offset);
    });
  }

  override _flush(done: TransformCallback): void {
    this.guard(done, () => {
      if (!this.opened) throw new EnvelopeError('truncated header');
      if (this.pending.length < TAG_BYTES) throw new EnvelopeError('truncated (no final segment)');
      this.verify(this.pending, true);
    });
  }

  /** Parses the header and unwraps the data key once enough bytes have arrived. */
  private open(): EnvelopeDecryptor['opened'] {
    const decoded = decodeHeader(this.pending);
    if (!decoded) return undefined;
    const { header, length } = decoded;
    const kek = this.keyRing.get(header.kekId);
    if (!kek) throw new EnvelopeError(`key-encryption key ${JSON.stringify(header.kekId)} is not in the key ring`);
    const unwrap = createDecipheriv(CIPHER, kek, header.wrapNonce, { authTagLength: TAG_BYTES });
    unwrap.setAAD(wrapAad(header.kekId));
    unwrap.setAuthTag(header.wrapTag);
    let dataKey: Buffer;
    try {
      dataKey = Buffer.concat([unwrap.update(header.wrappedKey), unwrap.final()]);
    } catch {
      throw new EnvelopeError(
        'the wrapped data key failed authentication (tampered, or a different key under this id)',
      );
    }
    const opened = {
      header: Buffer.from(this.pending.subarray(0, length)),
      dataKey,
      noncePrefix: Buffer.from(header.noncePrefix),
      recordSize: header.segmentSize + TAG_BYTES,
    };
    this.pending = this.pending.subarray(length);
    return opened;
  }

  private verify(record: Buffer, final: boolean): void {
    const { header, dataKey, noncePrefix } = this.opened!;
    const segment = this.counter++;
    const decipher = createDecipheriv(CIPHER, dataKey, segmentNonce(noncePrefix, segment, final), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(header);
    decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
    let plaintext: Buffer;
    try {
      plaintext = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new EnvelopeError(`segment ${segment} failed authentication (tampered, reordered or truncated)`);
    }
    this.push(plaintext);
  }

  /** Runs a step and reports its failure, naming the object, through the stream instead of throwing. */
  private guard(done: TransformCallback, step: () => void): void {
    try {
      step();
      done();
    } catch (error) {
      if (!(error instanceof EnvelopeError)) return done(error as Error);
      done(new EnvelopeError(`Cannot decrypt ${this.objectKey}: ${error.message}`));
    }
  }
}
