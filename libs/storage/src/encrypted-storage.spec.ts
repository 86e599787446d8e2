import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { EncryptedStorage } from './encrypted-storage';
import { decodeHeader, EnvelopeError, SEGMENT_SIZE, TAG_BYTES } from './envelope-format';
import { KeyRing } from './key-ring';
import { LocalDirectoryStorage } from './local-directory-storage';
import { ObjectNotFoundError, ObjectStorage } from './object-storage';

const RECORD = SEGMENT_SIZE + TAG_BYTES;
const k1 = randomBytes(32);
const k2 = randomBytes(32);
const ring = (active: string, keys: Record<string, Buffer>) => new KeyRing(new Map(Object.entries(keys)), active);

/** Streams bytes in chunks of an odd size, so chunk and segment boundaries never line up. */
function chunked(bytes: Buffer, size = 10_007): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
    })(),
  );
}

/** Everything a stream emitted, and the error it ended with, if any. */
async function drain(stream: Readable): Promise<{ emitted: Buffer; error?: unknown }> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk);
    return { emitted: Buffer.concat(chunks) };
  } catch (error) {
    return { emitted: Buffer.concat(chunks), error };
  }
}

describe('EncryptedStorage', () => {
  let root: string;
  let disk: LocalDirectoryStorage;
  let storage: EncryptedStorage;
  const raw = (key: string) => readFile(join(root, key));
  const replaceRaw = (key: string, bytes: Buffer) => writeFile(join(root, key), bytes);
  const headerLength = async (key: string) => decodeHeader(await raw(key))!.length;

  /** Asserts reading the object fails with an EnvelopeError; returns its message and what was emitted before. */
  async function failedRead(key: string): Promise<{ message: string; emitted: Buffer }> {
    const { emitted, error } = await drain(await storage.get(key));
    expect(error).toBeInstanceOf(EnvelopeError);
    return { message: (error as Error).message, emitted };
  }

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'encrypted-storage-spec-'));
    disk = new LocalDirectoryStorage(root);
    storage = new EncryptedStorage(disk, ring('k1', { k1 }));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it.each([
    ['empty', 0],
    ['1 byte', 1],
    ['one byte short of a segment', SEGMENT_SIZE - 1],
    ['exactly one segment', SEGMENT_SIZE],
    ['one segment and a byte', SEGMENT_SIZE + 1],
    ['exactly three segments', 3 * SEGMENT_SIZE],
  ])('round-trips a Buffer: %s', async (_case, size) => {
    const plaintext = randomBytes(size);
    await storage.put('a/object.bin', plaintext);

    expect((await buffer(await storage.get('a/object.bin'))).equals(plaintext)).toBe(true);
    const segments = Math.max(1, Math.ceil(size / SEGMENT_SIZE));
    expect((await raw('a/object.bin')).length).toBe((await headerLength('a/object.bin')) + size + segments * TAG_BYTES);
  });

  it('round-trips 5 MB streamed in odd-sized chunks, many segments and a partial one', async () => {
    const plaintext = randomBytes(5 * 1024 * 1024 + 12_345);
    await storage.put('videos/s1/clip.webm', chunked(plaintext));

    expect((await buffer(await storage.get('videos/s1/clip.webm'))).equals(plaintext)).toBe(true);
    expect((await raw('videos/s1/clip.webm')).length).toBe(
      (await headerLength('videos/s1/clip.webm')) + plaintext.length + 81 * TAG_BYTES,
    );
  });

  it('decrypts as bytes arrive: the first segment comes out before the rest of the object is there', async () => {
    const plaintext = randomBytes(3 * SEGMENT_SIZE);
    await storage.put('s.bin', plaintext);
    const stored = await raw('s.bin');
    const firstRecordEnd = (await headerLength('s.bin')) + RECORD;
    const arriving = new PassThrough();
    const slowBackend = { get: async () => arriving } as unknown as ObjectStorage;
    const decrypted = await new EncryptedStorage(slowBackend, ring('k1', { k1 })).get('s.bin');
    const reader = decrypted[Symbol.asyncIterator]();

    arriving.write(stored.subarray(0, firstRecordEnd + 1)); // one byte more shows the first segment is not the final one
    const first: Buffer = (await reader.next()).value;
    expect(first.equals(plaintext.subarray(0, SEGMENT_SIZE))).toBe(true);

    arriving.end(stored.subarray(firstRecordEnd + 1));
    const rest: Buffer[] = [];
    for (let step = await reader.next(); !step.done; step = await reader.next()) rest.push(step.value);
    expect(Buffer.concat([first, ...rest]).equals(plaintext)).toBe(true);
  });

  it('stores ciphertext that neither equals nor contains the plaintext', async () => {
    const plaintext = Buffer.from('I consent to this. '.repeat(10_000));
    await storage.put('consent.txt', plaintext);

    const stored = await raw('consent.txt');
    expect(stored.subarray(0, 5).toString('latin1')).toBe('CIQE\u0001');
    expect(stored.includes(Buffer.from('I consent'))).toBe(false);
    expect(stored.includes(plaintext.subarray(0, 64))).toBe(false);
  });

  it('encrypts the same plaintext differently every time', async () => {
    const plaintext = randomBytes(1000);
    await storage.put('first.bin', plaintext);
    await storage.put('second.bin', plaintext);

    const [first, second] = [await raw('first.bin'), await raw('second.bin')];
    expect(first.length).toBe(second.length);
    expect(first.equals(second)).toBe(false);
  });

  it('refuses the object when any single byte of a small object is flipped, header or segment', async () => {
    await storage.put('small.bin', Buffer.from('a short statement of consent'));
    const original = await raw('small.bin');

    for (let position = 0; position < original.length; position++) {
      const tampered = Buffer.from(original);
      tampered[position] ^= 0x01;
      await replaceRaw('small.bin', tampered);
      const { emitted } = await failedRead('small.bin');
      expect(emitted.length).toBe(0);
    }
  });

  it.each([
    ['the middle of the first segment', (header: number) => header + SEGMENT_SIZE / 2],
    ['the middle of a middle segment', (header: number) => header + 2 * RECORD + SEGMENT_SIZE / 2],
    ['the tag of a middle segment', (header: number) => header + 3 * RECORD - 1],
    ['the last byte (the final tag)', (_header: number, length: number) => length - 1],
  ])('emits the authenticated segments before a flipped byte in %s, and nothing after', async (_case, at) => {
    const plaintext = randomBytes(4 * SEGMENT_SIZE + 100);
    await storage.put('long.bin', plaintext);
    const tampered = await raw('long.bin');
    const header = await headerLength('long.bin');
    const position = at(header, tampered.length);
    tampered[position] ^= 0x80;
    await replaceRaw('long.bin', tampered);

    const { message, emitted } = await failedRead('long.bin');
    const segment = Math.floor((position - header) / RECORD);
    expect(message).toBe(
      `Cannot decrypt long.bin: segment ${segment} failed authentication (tampered, reordered or truncated)`,
    );
    expect(emitted.equals(plaintext.subarray(0, segment * SEGMENT_SIZE))).toBe(true);
  });

  describe('with a stored object of 3 segments and a partial one', () => {
    let original: Buffer;
    let header: number;
    const record = (index: number) => original.subarray(header + index * RECORD, header + (index + 1) * RECORD);
    beforeEach(async () => {
      await storage.put('obj.bin', randomBytes(3 * SEGMENT_SIZE + 500));
      original = await raw('obj.bin');
      header = await headerLength('obj.bin');
    });

    it.each([1, TAG_BYTES, TAG_BYTES + 1, 500 + TAG_BYTES])(
      'refuses the object with its last %d bytes cut off',
      async (cut) => {
        await replaceRaw('obj.bin', original.subarray(0, original.length - cut));
        await failedRead('obj.bin');
      },
    );

    it('refuses the object cut at a segment boundary, where the rest would look complete', async () => {
      await replaceRaw('obj.bin', original.subarray(0, header + 3 * RECORD));
      const { message, emitted } = await failedRead('obj.bin');
      expect(message).toContain('segment 2 failed authentication');
      expect(emitted.length).toBe(2 * SEGMENT_SIZE);
    });

    it.each([
      ['only the header', () => original.subarray(0, header), 'truncated (no final segment)'],
      ['half the header', () => original.subarray(0, 40), 'truncated header'],
      ['nothing at all', () => Buffer.alloc(0), 'truncated header'],
    ])('refuses an object that is %s', async (_case, bytes, reason) => {
      await replaceRaw('obj.bin', bytes());
      expect((await failedRead('obj.bin')).message).toBe(`Cannot decrypt obj.bin: ${reason}`);
    });

    it('refuses the object with a whole middle segment removed', async () => {
      await replaceRaw('obj.bin', Buffer.concat([original.subarray(0, header), record(0), record(2), record(3)]));
      expect((await failedRead('obj.bin')).message).toContain('segment 1 failed authentication');
    });

    it('refuses the object with two segments swapped', async () => {
      await replaceRaw(
        'obj.bin',
        Buffer.concat([original.subarray(0, header), record(1), record(0), record(2), record(3)]),
      );
      expect((await failedRead('obj.bin')).message).toContain('segment 0 failed authentication');
    });

    it('refuses the object with bytes appended after the final segment', async () => {
      await replaceRaw('obj.bin', Buffer.concat([original, record(1)]));
      await failedRead('obj.bin');
    });

    it("refuses segments spliced under another object's header", async () => {
      await storage.put('other.bin', randomBytes(10));
      const otherHeader = (await raw('other.bin')).subarray(0, header);
      await replaceRaw('obj.bin', Buffer.concat([otherHeader, original.subarray(header)]));
      expect((await failedRead('obj.bin')).message).toContain('segment 0 failed authentication');
    });
  });

  it('refuses bytes that are not an encrypted object', async () => {
    await disk.put('plain.txt', Buffer.from('stored without encryption'));
    expect((await failedRead('plain.txt')).message).toBe(
      'Cannot decrypt plain.txt: not an encrypted object (bad magic)',
    );
  });

  describe('key rotation', () => {
    it('reads objects of a retired KEK while writing new ones under the active KEK', async () => {
      await storage.put('old.bin', Buffer.from('written under k1'));

      storage = new EncryptedStorage(disk, ring('k2', { k2, k1 }));
      await storage.put('new.bin', Buffer.from('written under k2'));

      expect((await buffer(await storage.get('old.bin'))).toString()).toBe('written under k1');
      expect((await buffer(await storage.get('new.bin'))).toString()).toBe('written under k2');
      expect(decodeHeader(await raw('old.bin'))!.header.kekId).toBe('k1');
      expect(decodeHeader(await raw('new.bin'))!.header.kekId).toBe('k2');
    });

    it('names the missing KEK when the ring no longer holds it', async () => {
      await storage.put('old.bin', Buffer.from('written under k1'));
      storage = new EncryptedStorage(disk, ring('k2', { k2 }));

      expect((await failedRead('old.bin')).message).toBe(
        'Cannot decrypt old.bin: key-encryption key "k1" is not in the key ring',
      );
    });

    it('refuses a different key under the same id', async () => {
      await storage.put('old.bin', Buffer.from('written under k1'));
      storage = new EncryptedStorage(disk, ring('k1', { k1: k2 }));

      expect((await failedRead('old.bin')).message).toContain('the wrapped data key failed authentication');
    });
  });

  it('rejects get of a missing key with ObjectNotFoundError, and passes delete through (idempotent)', async () => {
    await expect(storage.get('missing.bin')).rejects.toBeInstanceOf(ObjectNotFoundError);

    await storage.put('gone.bin', Buffer.from('x'));
    await storage.delete('gone.bin');
    await expect(storage.get('gone.bin')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.delete('gone.bin')).resolves.toBeUndefined();
  });

  it("rejects a put whose body fails mid-way with the body's error, leaving nothing stored", async () => {
    let sent = false;
    const failing = new Readable({
      read() {
        if (sent) return this.destroy(new Error('connection reset'));
        sent = true;
        this.push(randomBytes(3 * SEGMENT_SIZE));
      },
    });

    await expect(storage.put('cut.bin', failing)).rejects.toThrow('connection reset');
    expect(await readdir(root)).toEqual([]);
  });

  it('releases the body when the backend refuses the put before reading it', async () => {
    const body = new PassThrough();
    await expect(storage.put('../escape.bin', body)).rejects.toThrow('Invalid object key');
    await new Promise(setImmediate); // pipeline passes the destroy on asynchronously
    expect(body.destroyed).toBe(true);
  });
});
