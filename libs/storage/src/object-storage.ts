import type { Readable } from 'node:stream';

export class ObjectNotFoundError extends Error {
  constructor(key: string) {
    super(`Object not found: ${key}`);
  }
}

/** Where blobs live. Keys are opaque, slash-separated and chosen by the caller. */
export interface ObjectStorage {
  put(key: string, body: Buffer | Readable): Promise<void>;
  /** Rejects with ObjectNotFoundError when the key is absent. */
  get(key: string): Promise<Readable>;
  /** Idempotent: deleting a missing key succeeds. */
  delete(key: string): Promise<void>;
}

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid object key: ${key}`);
}
