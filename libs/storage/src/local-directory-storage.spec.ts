import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { LocalDirectoryStorage } from './local-directory-storage';
import { ObjectNotFoundError } from './object-storage';

/** Every file under a directory, recursively, relative to it. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}

/** A stream that yields some bytes and then fails, like an upload cut off mid-way. */
function failingStream(): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(Buffer.from('half an object'));
      } else {
        this.destroy(new Error('connection reset'));
      }
    },
  });
}

describe('LocalDirectoryStorage', () => {
  let root: string;
  let storage: LocalDirectoryStorage;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'storage-spec-'));
    storage = new LocalDirectoryStorage(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('puts a Buffer under its key (creating folders) and gets it back', async () => {
    await storage.put('profile-pictures/abc.webp', Buffer.from('picture bytes'));

    expect(await readFile(join(root, 'profile-pictures', 'abc.webp'), 'utf8')).toBe('picture bytes');
    expect(await text(await storage.get('profile-pictures/abc.webp'))).toBe('picture bytes');
  });

  it('puts a stream as well, leaving no temporary file behind', async () => {
    await storage.put('videos/s1/clip.webm', Readable.from([Buffer.from('part 1, '), Buffer.from('part 2')]));

    expect(await text(await storage.get('videos/s1/clip.webm'))).toBe('part 1, part 2');
    expect(await filesUnder(root)).toEqual(['videos/s1/clip.webm']);
  });

  it('writes files readable by their owner only', async () => {
    await storage.put('private.bin', Buffer.from('x'));
    expect((await stat(join(root, 'private.bin'))).mode & 0o777).toBe(0o600);
  });

  it('replaces an existing object on a second put', async () => {
    await storage.put('a.txt', Buffer.from('first'));
    await storage.put('a.txt', Buffer.from('second'));
    expect(await text(await storage.get('a.txt'))).toBe('second');
  });

  it('rejects get of a missing key with ObjectNotFoundError', async () => {
    await expect(storage.get('nothing/here.webp')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('rejects get of a key that is only a folder of other objects with ObjectNotFoundError', async () => {
    await storage.put('profile-pictures/abc.webp', Buffer.from('x'));
    const outcome = await storage.get('profile-pictures').then(
      (stream) => {
        stream.destroy(); // it would otherwise fail later with EISDIR
        return 'resolved with a read stream on a directory';
      },
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(ObjectNotFoundError);
  });

  it('deletes an object, and deleting a missing key succeeds', async () => {
    await storage.put('gone.txt', Buffer.from('x'));
    await storage.delete('gone.txt');
    await expect(storage.get('gone.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.delete('gone.txt')).resolves.toBeUndefined();
    await expect(storage.delete('never/was.txt')).resolves.toBeUndefined();
  });

  it('leaves no file at all when the stream fails mid-way, and rejects with its error', async () => {
    await expect(storage.put('uploads/cut.webm', failingStream())).rejects.toThrow('connection reset');

    expect(await filesUnder(root)).toEqual([]);
    await expect(storage.get('uploads/cut.webm')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('keeps the previous version intact when a replacing stream fails', async () => {
    await storage.put('uploads/kept.webm', Buffer.from('complete'));

    await expect(storage.put('uploads/kept.webm', failingStream())).rejects.toThrow('connection reset');

    expect(await text(await storage.get('uploads/kept.webm'))).toBe('complete');
    expect(await filesUnder(root)).toEqual(['uploads/kept.webm']);
  });

  it.each([
    '../escape.txt',
    'a/../../escape.txt',
    'a/..',
    '..',
    'a..b/c',
    '/etc/passwd',
    'a//b',
    'a/',
    '',
    'UPPER.txt',
    'a\\b',
    '.hidden',
    'a/.hidden',
    'a b',
  ])('refuses the invalid key %j for put, get and delete without touching the disk', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(`Invalid object key: ${key}`);
    await expect(storage.get(key)).rejects.toThrow('Invalid object key');
    await expect(storage.delete(key)).rejects.toThrow('Invalid object key');
    expect(await filesUnder(root)).toEqual([]);
    expect(await readdir(join(root, '..'))).not.toContain('escape.txt');
  });
});
