import type { SupportActorKind, SupportAuditEntry } from '@app/contracts';
import type { AuditEntry, AuditEvent } from '../audit/audit-entry.entity';

/**
 * The audit details support may see: ids, hashes, sizes, decisions and outcomes. Any other key is left out, so a
 * detail added later stays hidden until it has been judged free of personal data here.
 */
const SHOWN_DETAILS = new Set([
  'decision',
  'withRecording',
  'videoAssetId',
  'attempt',
  'sha256',
  'size',
  'mimeType',
  'outcome',
  'reasons',
  'from',
  'to',
  'deleteAfterDays',
  'via',
  'assets',
  'send',
  'try',
  'reason',
]);

/** Events only the partner's own requests cause. */
const PARTNER_EVENTS = new Set<AuditEvent>([
  'link_opened',
  'recording_stored',
  'decision_submitted',
  'consent_withdrawn',
  'recording_deleted',
  'safety_answers',
  'phone_code_sent',
  'phone_code_wrong',
  'phone_verified',
  'held_analysis_started',
]);

/**
 * Who caused a row. A status change or verdict follows either the partner's request (pressing No, submitting) or
 * the service's own work (the media worker's report, a requeue pass); only a request carries the client's address
 * or browser.
 */
export function auditActor(entry: Pick<AuditEntry, 'event' | 'ip' | 'userAgent'>): SupportActorKind {
  if (entry.event === 'session_created') return 'member';
  if (PARTNER_EVENTS.has(entry.event)) return 'partner';
  return entry.ip !== null || entry.userAgent !== null ? 'partner' : 'system';
}

/** A row as support sees it: never its client address or browser, only the details known to be impersonal. */
export function supportAuditEntry(
  entry: Pick<AuditEntry, 'seq' | 'event' | 'createdAt' | 'details' | 'ip' | 'userAgent'>,
): SupportAuditEntry {
  return {
    seq: entry.seq,
    event: entry.event,
    at: entry.createdAt.toISOString(),
    actor: auditActor(entry),
    details: Object.fromEntries(Object.entries(entry.details).filter(([key]) => SHOWN_DETAILS.has(key))),
  };
}
