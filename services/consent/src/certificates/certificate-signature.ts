import { type KeyObject, sign, verify } from 'node:crypto';
import { canonicalJson } from './canonical-json';

const SIGNATURE_BYTES = 64;

/** Ed25519 over the canonical JSON of `payload`, base64url. */
export function signPayload(payload: Record<string, unknown>, privateKey: KeyObject): string {
  return sign(null, Buffer.from(canonicalJson(payload), 'utf8'), privateKey).toString('base64url');
}

/**
 * The 64 bytes of an Ed25519 signature written as we write it, base64url without padding; null for any other text,
 * also one that decodes to the same bytes (padding, the `+/` alphabet, trailing bits set): a signature has one
 * spelling, so a certificate file has one form.
 */
export function canonicalSignatureBytes(signature: string): Buffer | null {
  const bytes = Buffer.from(signature, 'base64url');
  return bytes.length === SIGNATURE_BYTES && bytes.toString('base64url') === signature ? bytes : null;
}

/** Whether `signature` (canonical base64url) is `publicKey`'s over the canonical JSON of `payload`; false for anything malformed. */
export function signatureVerifies(payload: Record<string, unknown>, signature: string, publicKey: KeyObject): boolean {
  const signatureBytes = canonicalSignatureBytes(signature);
  if (!signatureBytes) return false;
  let bytes: Buffer;
  try {
    bytes = Buffer.from(canonicalJson(payload), 'utf8');
  } catch {
    return false;
  }
  return verify(null, bytes, publicKey, signatureBytes);
}
