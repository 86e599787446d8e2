import { readActorUserId, singleHeader } from '@app/http';
import { decodePartnerCredentials, PARTNER_CREDENTIALS_HEADER } from '@app/session-views';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import type { AuditContext } from '../audit/audit-log.service';

/**
 * Who is calling, as the gateway tells it. These headers are trusted only because ServiceCredentialGuard has
 * checked the gateway's credential first.
 */
export interface CallerContext {
  /** The signed-in member; undefined for the partner. */
  actorUserId?: string;
  /** The partner link's secret, when the caller holds one. */
  recipientToken?: string;
  /** The partner credentials the browser holds (its cookies), by session id: whoever proved a session's phone holds one. */
  partnerCredentials?: ReadonlyMap<string, string>;
  audit: AuditContext;
}

export function readCallerContext(headers: IncomingHttpHeaders): CallerContext {
  // Behind trusted proxies it comes from X-Forwarded-For, which may hold anything: only a real address is kept.
  const ip = singleHeader(headers['x-client-ip']);
  return {
    actorUserId: readActorUserId(headers),
    recipientToken: singleHeader(headers['x-recipient-token']),
    partnerCredentials: decodePartnerCredentials(singleHeader(headers[PARTNER_CREDENTIALS_HEADER])),
    audit: { ip: ip && isIP(ip) ? ip : null, userAgent: singleHeader(headers['x-client-user-agent']) ?? null },
  };
}
