import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from '../payment-provider';

/** How old a signature may be, as Stripe's default tolerance. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();

/** The local provider's signature header, shaped like Stripe's: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signLocalWebhook(secret: string, body: Buffer, now: Date = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body).toString('hex')}`;
}

/** Throws `WebhookSignatureError` unless `header` signs `body` with `secret`, within the tolerance (constant-time compare). */
export function verifyLocalWebhook(
  secret: string,
  body: Buffer,
  header: string | undefined,
  now: Date = new Date(),
): void {
  if (!header) throw new WebhookSignatureError('No signature');
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const key = part.slice(0, index).trim();
    parts.set(key, [...(parts.get(key) ?? []), part.slice(index + 1).trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(timestamp)) throw new WebhookSignatureError('No timestamp');
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    throw new WebhookSignatureError('Timestamp outside the tolerance');
  const expected = hmac(secret, timestamp, body);
  const matches = (parts.get('v1') ?? []).some((candidate) => {
    const presented = /^[0-9a-f]{64}$/.test(candidate) ? Buffer.from(candidate, 'hex') : null;
    return presented !== null && timingSafeEqual(presented, expected);
  });
  if (!matches) throw new WebhookSignatureError('No matching signature');
}
