import { sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from './canonical-json';

/** Ed25519 over the canonical JSON of `payload`, base64url. */
export function signPayload(payload: Record<string, unknown>, privateKey: KeyObject): string {
  return sign(null, Buffer.from(canonicalJson(payload), 'utf8'), privateKey).toString('base64url');
}

/** Whether `signature` (base64url) is `publicKey`'s over the canonical JSON of `payload`; false for anything malformed. */
export function signatureVerifies(payload: Record<string, unknown>, signature: string, publicKey: KeyObject): boolean {
  if (!/^[A-Za-z0-9_-]{86}$/.test(signature)) return false;
  let bytes: Buffer;
  try {
    bytes = Buffer.from(canonicalJson(payload), 'utf8');
  } catch {
    return false;
  }
  return verify(null, bytes, publicKey, Buffer.from(signature, 'base64url'));
}
