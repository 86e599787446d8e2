import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits in base64url (43 characters): travels only in the partner's text, as the link's fragment. */
export function generateReceiptSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored: a leaked receipts table opens no receipt. */
export function hashReceiptSecret(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Constant-time comparison of a presented secret with the stored hash; anything not shaped like a secret fails. */
export function receiptSecretMatches(presented: string | undefined | null, storedHash: Buffer): boolean {
  if (typeof presented !== 'string' || !SECRET_PATTERN.test(presented)) return false;
  const candidate = hashReceiptSecret(presented);
  return candidate.length === storedHash.length && timingSafeEqual(candidate, storedHash);
}
