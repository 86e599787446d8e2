import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import type { AuditContext } from '../audit/audit-log.service';
import { isUuid } from '@app/contracts';

/**
 * Who is calling, as the gateway tells it. These headers are trusted only because ServiceCredentialGuard has
 * checked the gateway's credential first.
 */
export interface CallerContext {
  /** The signed-in member; undefined for the partner. */
  actorUserId?: string;
  /** The partner link's secret, when the caller holds one. */
  recipientToken?: string;
  audit: AuditContext;
}

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function readCallerContext(headers: IncomingHttpHeaders): CallerContext {
  const actor = single(headers['x-actor-user-id']);
  // Behind trusted proxies it comes from X-Forwarded-For, which may hold anything: only a real address is kept.
  const ip = single(headers['x-client-ip']);
  return {
    actorUserId: isUuid(actor) ? actor.toLowerCase() : undefined,
    recipientToken: single(headers['x-recipient-token']),
    audit: { ip: ip && isIP(ip) ? ip : null, userAgent: single(headers['x-client-user-agent']) ?? null },
  };
}
