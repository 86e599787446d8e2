import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, ObjectNotFoundError, ObjectStorage } from './object-storage';

/** Stores objects as files under one directory; writes go to a temporary name first so a reader never sees half an object. */
export class LocalDirectoryStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const path = this.pathFor(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}.partial`;
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        createWriteStream(temporary, { mode: 0o600 }),
      );
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathFor(key);
    const found = await stat(path).catch(() => null);
    if (!found?.isFile()) throw new ObjectNotFoundError(key);
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  private pathFor(key: string): string {
    assertValidKey(key);
    return join(this.root, key);
  }
}
