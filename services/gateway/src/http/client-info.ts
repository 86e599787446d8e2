import type { Request } from 'express';

/** The caller's address as Express resolved it (honouring TRUST_PROXY_HOPS), for rate limits and audit. */
export function clientIp(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}
