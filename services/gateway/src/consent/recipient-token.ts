import type { Request } from 'express';

// Tokens are base64url; anything else could not match, and might not even be sendable as a header (NUL, emoji).
const TOKEN = /^[\w-]{1,128}$/;

/** Whether a value could be a link's token at all (a socket's join is checked with it too). */
export function isRecipientToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}

/**
 * The partner link's secret, from the X-Recipient-Token header (what the web app sends) or the link's own `token`
 * query parameter. Only passed on: the consent service, which holds its hash, decides whether it matches.
 */
export function recipientTokenOf(request: Request): string | null {
  const header = request.headers['x-recipient-token'];
  const query = request.query.token;
  const token = typeof header === 'string' && header ? header : typeof query === 'string' ? query : '';
  return isRecipientToken(token) ? token : null;
}
