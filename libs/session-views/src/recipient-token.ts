import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: it travels in the QR code's link. */
export function generateRecipientToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored; a leaked database does not hand out working partner links. */
export function hashRecipientToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Constant-time comparison of a presented token with the stored hash. */
export function recipientTokenMatches(presented: string | undefined | null, storedHash: Buffer): boolean {
  if (typeof presented !== 'string' || presented.length === 0 || presented.length > 128) return false;
  const candidate = hashRecipientToken(presented);
  return candidate.length === storedHash.length && timingSafeEqual(candidate, storedHash);
}
