import { pipeline, Readable } from 'node:stream';
import { EnvelopeDecryptor, EnvelopeEncryptor } from './envelope-streams';
import { KeyRing } from './key-ring';
import { ObjectStorage } from './object-storage';

// pipeline() here only links the streams (an error or early close of one destroys the others); the outcome is
// observed where it matters: by the inner backend for put, by the caller reading the returned stream for get.
const linkedOnly = () => {};

/**
 * Encrypts every object before it reaches the wrapped backend (envelope encryption, see envelope-format.ts), streaming
 * both ways. get() resolves as soon as the backend has the object; a wrong key, tampering or truncation surfaces
 * as an EnvelopeError on the returned stream, before any plaintext of the failing segment.
 */
export class EncryptedStorage implements ObjectStorage {
  constructor(
    private readonly inner: ObjectStorage,
    private readonly keyRing: KeyRing,
  ) {}

  /** `keyRing`: another ring than the service's (one holding a scope's key, scope-keys.ts). */
  async put(key: string, body: Buffer | Readable, keyRing: KeyRing = this.keyRing): Promise<void> {
    const plaintext = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    const ciphertext = pipeline(plaintext, new EnvelopeEncryptor(keyRing), linkedOnly);
    try {
      await this.inner.put(key, ciphertext);
    } catch (error) {
      ciphertext.destroy(); // a backend that gave up early (e.g. on an invalid key) would leave the body stalled
      throw error;
    }
  }

  async get(key: string, keyRing: KeyRing = this.keyRing): Promise<Readable> {
    const ciphertext = await this.inner.get(key);
    return pipeline(ciphertext, new EnvelopeDecryptor(keyRing, key), linkedOnly);
  }

  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }
}
