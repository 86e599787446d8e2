import type { IncomingHttpHeaders } from 'node:http';
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
  return {
    actorUserId: isUuid(actor) ? actor.toLowerCase() : undefined,
    recipientToken: single(headers['x-recipient-token']),
    audit: { ip: single(headers['x-client-ip']) ?? null, userAgent: single(headers['x-client-user-agent']) ?? null },
  };
}
