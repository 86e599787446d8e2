import { createHash } from 'node:crypto';
import type { AuditEvent } from './audit-entry.entity';

/** The prev_hash of a session's first row. */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainedFields {
  sessionId: string;
  seq: number;
  event: AuditEvent;
  details: Record<string, string | number | boolean | null>;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
}

/** JSON with keys sorted at every level, so the same row always hashes the same however it was read back. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
}

/** A row's hash covers its content and the previous row's hash, so editing, removing or reordering a row breaks every later link. */
export function auditRowHash(prevHash: string, fields: ChainedFields): string {
  return createHash('sha256')
    .update(prevHash)
    .update(
      canonical({
        sessionId: fields.sessionId,
        seq: fields.seq,
        event: fields.event,
        details: fields.details,
        ip: fields.ip,
        userAgent: fields.userAgent,
        createdAt: fields.createdAt.toISOString(),
      }),
    )
    .digest('hex');
}

export type ChainVerdict = { valid: true; length: number } | { valid: false; brokenAtSeq: number; reason: string };

/**
 * Checks a session's rows, given in seq order, against the head (last seq and hash) kept on the session row, which
 * is what reveals a removed last row.
 */
export function verifyAuditChain(
  rows: (ChainedFields & { prevHash: string; rowHash: string })[],
  head: { seq: number; hash: string },
): ChainVerdict {
  let prevHash = GENESIS_HASH;
  for (const [index, row] of rows.entries()) {
    const expectedSeq = index + 1;
    if (row.seq !== expectedSeq)
      return { valid: false, brokenAtSeq: expectedSeq, reason: `row ${expectedSeq} is missing` };
    if (row.prevHash !== prevHash)
      return { valid: false, brokenAtSeq: row.seq, reason: 'link to the previous row does not match' };
    if (auditRowHash(prevHash, row) !== row.rowHash)
      return { valid: false, brokenAtSeq: row.seq, reason: 'row content was altered' };
    prevHash = row.rowHash;
  }
  if (rows.length !== head.seq)
    return { valid: false, brokenAtSeq: rows.length + 1, reason: `row ${rows.length + 1} is missing` };
  if (prevHash !== head.hash)
    return { valid: false, brokenAtSeq: rows.length, reason: 'last row does not match the session head' };
  return { valid: true, length: rows.length };
}
