import type { Request } from 'express';

/** The caller's address as Express resolved it (honouring TRUST_PROXY_HOPS), for rate limits and audit. */
export function clientIp(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

/**
 * The caller's address for a request Express never sees (a websocket handshake), resolved as Express resolves a
 * numeric `trust proxy`: the connection's peer, then X-Forwarded-For read from the right, `trustedHops` entries deep.
 */
export function forwardedClientIp(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const hops = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const addresses = [remoteAddress ?? 'unknown', ...hops];
  return addresses[Math.min(trustedHops, addresses.length - 1)];
}
