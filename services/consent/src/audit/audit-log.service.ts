import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { auditRowHash, ChainVerdict, verifyAuditChain } from './audit-chain';
import { AuditEntry, AuditEvent } from './audit-entry.entity';

/** Who did it, where the call came from (absent for the service's own actions). */
export interface AuditContext {
  ip?: string | null;
  userAgent?: string | null;
}

const USER_AGENT_MAX = 500;

@Injectable()
export class AuditLogService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Appends one row to a session's chain inside the caller's transaction, so the audit row and the change it records
   * commit together. Locking the session row serialises concurrent appends to the same chain.
   */
  async append(
    manager: EntityManager,
    sessionId: string,
    event: AuditEvent,
    details: AuditEntry['details'],
    context: AuditContext = {},
  ): Promise<AuditEntry> {
    const [head] = (await manager.query(
      `SELECT audit_seq, audit_head FROM consent.consent_sessions WHERE id = $1 FOR UPDATE`,
      [sessionId],
    )) as { audit_seq: number; audit_head: string }[];
    if (!head) throw new Error(`No consent session ${sessionId}`);
    const fields = {
      sessionId,
      seq: head.audit_seq + 1,
      event,
      details,
      ip: context.ip ?? null,
      userAgent: context.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      createdAt: new Date(),
    };
    const rowHash = auditRowHash(head.audit_head, fields);
    const entry = await manager.save(manager.create(AuditEntry, { ...fields, prevHash: head.audit_head, rowHash }));
    await manager.query(`UPDATE consent.consent_sessions SET audit_seq = $2, audit_head = $3 WHERE id = $1`, [
      sessionId,
      fields.seq,
      rowHash,
    ]);
    return entry;
  }

  /** Recomputes a session's whole chain: any edited, removed or reordered row makes it invalid. */
  async verify(sessionId: string): Promise<ChainVerdict> {
    const [head] = (await this.dataSource.query(`SELECT audit_seq, audit_head FROM consent.consent_sessions WHERE id = $1`, [
      sessionId,
    ])) as { audit_seq: number; audit_head: string }[];
    if (!head) return { valid: false, brokenAtSeq: 0, reason: 'session not found' };
    const rows = await this.dataSource.getRepository(AuditEntry).find({ where: { sessionId }, order: { seq: 'ASC' } });
    return verifyAuditChain(rows, { seq: head.audit_seq, hash: head.audit_head });
  }
}
