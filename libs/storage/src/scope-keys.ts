import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { EnvelopeError } from './envelope-format';
import type { KeyRing } from './key-ring';

const CIPHER = 'aes-256-gcm';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Per-scope keys (a consent session's) that wrap the data keys of that scope's objects instead of the service's
 * key-encryption key, so destroying the scope's key, which the consent service keeps in its database, wrapped under
 * the KEK, makes every copy of those objects unreadable (crypto-shredding), backups of the object store included.
 * Stored as `KEK id length (1) | KEK id | nonce (12) | wrapped key (32) | tag (16)`, so it still unwraps after a KEK
 * rotation; the scope is its AAD, so a key cannot be moved to another scope's objects.
 */
export function newWrappedScopeKey(master: KeyRing, scope: string): Buffer {
  const { id, key: kek } = master.active;
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(CIPHER, kek, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(id, scope));
  const wrapped = Buffer.concat([cipher.update(randomBytes(KEY_BYTES)), cipher.final()]);
  const idBytes = Buffer.from(id, 'ascii');
  return Buffer.concat([Buffer.from([idBytes.length]), idBytes, nonce, wrapped, cipher.getAuthTag()]);
}

/** The id a scope's key has in object headers (within the key-id rule: 1-64 of A-Z a-z 0-9 . _ -). */
export function scopeKeyId(scope: string): string {
  return `s.${scope}`;
}

/**
 * `master` with the scope's key added: `active` for writing (new objects' data keys are wrapped under it), else for
 * reading (objects of the scope, and older ones wrapped under the KEK itself).
 */
export function ringWithScopeKey(master: KeyRing, scope: string, wrapped: Buffer, active: boolean): KeyRing {
  return master.withKey(scopeKeyId(scope), unwrapScopeKey(master, scope, wrapped), active);
}

function unwrapScopeKey(master: KeyRing, scope: string, wrapped: Buffer): Buffer {
  const idLength = wrapped[0] ?? 0;
  const id = wrapped.subarray(1, 1 + idLength).toString('ascii');
  const rest = wrapped.subarray(1 + idLength);
  const kek = master.get(id);
  if (!kek || rest.length !== NONCE_BYTES + KEY_BYTES + TAG_BYTES)
    throw new EnvelopeError(`The key of ${scope} cannot be unwrapped with this key ring`);
  const decipher = createDecipheriv(CIPHER, kek, rest.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(aad(id, scope));
  decipher.setAuthTag(rest.subarray(NONCE_BYTES + KEY_BYTES));
  try {
    return Buffer.concat([decipher.update(rest.subarray(NONCE_BYTES, NONCE_BYTES + KEY_BYTES)), decipher.final()]);
  } catch {
    throw new EnvelopeError(`The key of ${scope} failed authentication`);
  }
}

function aad(kekId: string, scope: string): Buffer {
  return Buffer.from(`ciq-scope-key:${kekId}:${scope}`, 'utf8');
}
