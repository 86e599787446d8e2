import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { auditRowHash, ChainVerdict, verifyAuditChain } from './audit-chain';
import { AuditEntriesRepository } from './audit-entries.repository';
import { AuditEntry, AuditEvent } from './audit-entry.entity';

/** Who did it, where the call came from (absent for the service's own actions). */
export interface AuditContext {
  ip?: string | null;
  userAgent?: string | null;
}

const USER_AGENT_MAX = 500;

@Injectable()
export class AuditLogService {
  constructor(
    private readonly sessions: ConsentSessionsRepository,
    private readonly entries: AuditEntriesRepository,
  ) {}

  /**
   * Appends one row to a session's chain inside the caller's transaction, so the audit row and the change it records
   * commit together. Locking the session row serialises concurrent appends to the same chain.
   */
  async append(
    transaction: Transaction,
    sessionId: string,
    event: AuditEvent,
    details: AuditEntry['details'],
    context: AuditContext = {},
  ): Promise<AuditEntry> {
    const head = await this.sessions.lock(transaction, sessionId);
    if (!head) throw new Error(`No consent session ${sessionId}`);
    const fields = {
      sessionId,
      seq: head.seq + 1,
      event,
      details,
      ip: context.ip ?? null,
      userAgent: context.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      createdAt: new Date(),
    };
    const rowHash = auditRowHash(head.hash, fields);
    const entry = await this.entries.insert(transaction, { ...fields, prevHash: head.hash, rowHash });
    await this.sessions.setAuditHead(transaction, sessionId, { seq: fields.seq, hash: rowHash });
    return entry;
  }

  /** Recomputes a session's whole chain: any edited, removed or reordered row makes it invalid. */
  async verify(sessionId: string): Promise<ChainVerdict> {
    const head = await this.sessions.auditHead(sessionId);
    if (!head) return { valid: false, brokenAtSeq: 0, reason: 'session not found' };
    return verifyAuditChain(await this.entries.chainOf(sessionId), head);
  }
}
