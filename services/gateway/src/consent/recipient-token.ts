import type { Request } from 'express';

const MAX_LENGTH = 128;

/**
 * The partner link's secret, from the X-Recipient-Token header (what the web app sends) or the link's own `token`
 * query parameter. Only passed on: the consent service, which holds its hash, decides whether it matches.
 */
export function recipientTokenOf(request: Request): string | null {
  const header = request.headers['x-recipient-token'];
  const query = request.query.token;
  const token = typeof header === 'string' && header ? header : typeof query === 'string' ? query : '';
  return token && token.length <= MAX_LENGTH ? token : null;
}
