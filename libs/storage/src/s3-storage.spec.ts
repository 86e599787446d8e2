import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { EncryptedStorage } from './encrypted-storage';
import { decodeHeader, SEGMENT_SIZE, TAG_BYTES } from './envelope-format';
import { KeyRing } from './key-ring';
import { ObjectNotFoundError } from './object-storage';
import { S3Storage } from './s3-storage';

/** Streams bytes in chunks of an odd size, as a network upload would arrive. */
function chunked(bytes: Buffer, size = 64_000): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
    })(),
  );
}

// A real S3-compatible HTTP server (s3rver, files in a temporary directory), so signing, multipart and error codes
// go through the SDK exactly as against AWS, MinIO or R2.
describe('S3Storage', () => {
  let directory: string;
  let server: S3rver;
  let endpoint: string;
  let storage: S3Storage;
  let requests: string[];
  const options = (bucket: string) => ({
    endpoint,
    bucket,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 's3-storage-spec-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'test' }],
    });
    const { port } = await server.run();
    server.httpServer.on('request', (request) => requests.push(`${request.method} ${request.url}`));
    endpoint = `http://127.0.0.1:${port}`;
    storage = new S3Storage(options('test'));
  });
  beforeEach(() => (requests = []));
  afterAll(async () => {
    storage.destroy();
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('puts a Buffer and gets it back, replacing it on a second put', async () => {
    await storage.put('profile-pictures/abc.webp', Buffer.from('picture bytes'));
    expect(await text(await storage.get('profile-pictures/abc.webp'))).toBe('picture bytes');

    await storage.put('profile-pictures/abc.webp', Buffer.from('new picture'));
    expect(await text(await storage.get('profile-pictures/abc.webp'))).toBe('new picture');
  });

  it('puts and gets an empty object', async () => {
    await storage.put('empty.bin', Buffer.alloc(0));
    expect((await buffer(await storage.get('empty.bin'))).length).toBe(0);
  });

  it('streams a 12 MB body up as a multipart upload and gets it back whole', async () => {
    const body = randomBytes(12 * 1024 * 1024 + 7);
    await storage.put('videos/s1/clip.webm', chunked(body));

    const parts = requests.filter((request) => /^PUT \/test\/videos\/s1\/clip\.webm\?.*partNumber=/.test(request));
    expect(parts).toHaveLength(3); // of 5 MiB
    expect((await buffer(await storage.get('videos/s1/clip.webm'))).equals(body)).toBe(true);
  });

  it('rejects get of a missing key with ObjectNotFoundError', async () => {
    await expect(storage.get('nothing/here.webp')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('does not mistake a missing bucket for a missing object', async () => {
    const elsewhere = new S3Storage(options('no-such-bucket'));
    try {
      const outcome = await elsewhere.get('a.txt').catch((error: unknown) => error);
      expect(outcome).not.toBeInstanceOf(ObjectNotFoundError);
      expect((outcome as Error).name).toBe('NoSuchBucket');
    } finally {
      elsewhere.destroy();
    }
  });

  it('deletes an object, and deleting a missing key succeeds', async () => {
    await storage.put('gone.txt', Buffer.from('x'));
    await storage.delete('gone.txt');
    await expect(storage.get('gone.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.delete('gone.txt')).resolves.toBeUndefined();
    await expect(storage.delete('never/was.txt')).resolves.toBeUndefined();
  });

  /** A body that yields `chunks` chunks of 64 KiB and then fails, like an upload cut off mid-way. */
  function failingAfter(chunks: number): Readable {
    let sent = 0;
    return new Readable({
      read() {
        if (sent++ < chunks) return void this.push(randomBytes(64 * 1024));
        this.destroy(new Error('connection reset'));
      },
    });
  }

  it("rejects a put whose body fails within the first part with the body's error, storing nothing", async () => {
    await expect(storage.put('uploads/cut.webm', failingAfter(10))).rejects.toThrow('connection reset');
    await expect(storage.get('uploads/cut.webm')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('rejects a put whose body fails after the first part of a multipart upload, storing nothing', async () => {
    // Upload then aborts the multipart upload. s3rver has no AbortMultipartUpload, so here the rejection is that
    // request's MethodNotAllowed; on AWS, MinIO or R2 the abort succeeds and the body's error comes through.
    await expect(storage.put('uploads/cut.webm', failingAfter(100))).rejects.toThrow();
    expect(requests.some((request) => request.includes('partNumber=1'))).toBe(true);
    await expect(storage.get('uploads/cut.webm')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it.each(['../escape.txt', 'a//b', 'UPPER.txt'])('refuses the invalid key %j without a request', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(`Invalid object key: ${key}`);
    await expect(storage.get(key)).rejects.toThrow('Invalid object key');
    await expect(storage.delete(key)).rejects.toThrow('Invalid object key');
    expect(requests).toEqual([]);
  });

  it('carries EncryptedStorage: round-trips a stream while S3 holds only ciphertext', async () => {
    const encrypted = new EncryptedStorage(storage, new KeyRing(new Map([['k1', randomBytes(32)]]), 'k1'));
    const plaintext = Buffer.concat([Buffer.from('I consent. '.repeat(1000)), randomBytes(6 * 1024 * 1024)]);

    await encrypted.put('recordings/s1.webm', chunked(plaintext));

    expect((await buffer(await encrypted.get('recordings/s1.webm'))).equals(plaintext)).toBe(true);
    const stored = await buffer(await storage.get('recordings/s1.webm'));
    const segments = Math.ceil(plaintext.length / SEGMENT_SIZE);
    expect(stored.length).toBe(decodeHeader(stored)!.length + plaintext.length + segments * TAG_BYTES);
    expect(stored.includes(Buffer.from('I consent.'))).toBe(false);
    expect(stored.includes(plaintext.subarray(plaintext.length - 64))).toBe(false);
  });
});
