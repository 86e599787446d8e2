import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditEntry, type AuditEvent } from './audit-entry.entity';

/** The queries of `audit_log`: rows are only ever added (a trigger refuses UPDATE and DELETE) and read back in order. */
@Injectable()
export class AuditEntriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  insert(transaction: Transaction, fields: Omit<AuditEntry, 'id'>): Promise<AuditEntry> {
    return transaction.save(transaction.create(AuditEntry, fields));
  }

  /** When `event` was last recorded in a session's chain, as the caller's transaction sees it; null if never. */
  async lastTimeOf(transaction: Transaction, sessionId: string, event: AuditEvent): Promise<Date | null> {
    const entry = await transaction.findOne(AuditEntry, {
      select: { createdAt: true },
      where: { sessionId, event },
      order: { seq: 'DESC' },
    });
    return entry?.createdAt ?? null;
  }

  /** How often `event` was recorded from this network address since `since`, in any session (a limit per address). */
  countFromAddressSince(transaction: Transaction, event: AuditEvent, ip: string, since: Date): Promise<number> {
    return transaction
      .createQueryBuilder(AuditEntry, 'entry')
      .where({ event, ip })
      .andWhere('entry.createdAt > :since', { since })
      .getCount();
  }

  /** A session's rows in chain order (inside a transaction: as its snapshot sees them). */
  chainOf(sessionId: string, transaction?: Transaction): Promise<AuditEntry[]> {
    return (transaction ?? this.dataSource.manager).find(AuditEntry, { where: { sessionId }, order: { seq: 'ASC' } });
  }
}
