import { parseKeyList } from '@app/config';
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';

/** Raised for a malformed key list; the message names the entry by position or id and never contains key material. */
export class SigningKeyError extends Error {}

export interface SigningKey {
  id: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** Every key a certificate may name (older ones stay, so certificates issued under them still verify) and the one that signs. */
export interface SigningKeys {
  active: SigningKey;
  byId: ReadonlyMap<string, SigningKey>;
}

// The PKCS#8 wrapping of an Ed25519 seed (RFC 8410): this prefix, then the 32 bytes.
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SEED_BYTES = 32;

/** One key from a 32-byte seed or a PKCS#8 DER Ed25519 private key. */
export function signingKeyFrom(id: string, material: Buffer): SigningKey {
  const der = material.length === SEED_BYTES ? Buffer.concat([ED25519_PKCS8_PREFIX, material]) : material;
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    throw new SigningKeyError(`Key ${id} is neither a 32-byte Ed25519 seed nor a PKCS#8 Ed25519 private key`);
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new SigningKeyError(`Key ${id} is not an Ed25519 key`);
  return { id, privateKey, publicKey: createPublicKey(privateKey) };
}

/** Parses `id:<base64>` entries separated by commas (a seed or PKCS#8 DER each), like the storage key ring. */
export function parseSigningKeys(spec: string, activeId: string): SigningKeys {
  const entries = parseKeyList(
    spec,
    { entry: 'Signing key entry', key: 'Signing key' },
    (message) => new SigningKeyError(message),
  );
  const byId = new Map([...entries].map(([id, material]) => [id, signingKeyFrom(id, material)] as const));
  const active = byId.get(activeId);
  if (!active)
    throw new SigningKeyError(
      `The active signing key id is not one of the listed ids (${[...byId.keys()].join(', ')})`,
    );
  return { active, byId };
}

/**
 * A key made up at start, outside production only when none is configured: certificates it signs verify only until
 * the process restarts. `npm start` writes a lasting one to .env.
 */
export function ephemeralSigningKeys(): SigningKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const key = { id: `ephemeral-${randomBytes(4).toString('hex')}`, privateKey, publicKey };
  return { active: key, byId: new Map([[key.id, key]]) };
}

/** The raw 32-byte public key, base64url: a JWK's `x` (RFC 8037). */
export function rawPublicKey(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  return jwk.x!;
}
