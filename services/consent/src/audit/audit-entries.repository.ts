import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Transaction } from '@app/database';
import { AuditEntry } from './audit-entry.entity';

/** The queries of `audit_log`: rows are only ever added (a trigger refuses UPDATE and DELETE) and read back in order. */
@Injectable()
export class AuditEntriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  insert(transaction: Transaction, fields: Omit<AuditEntry, 'id'>): Promise<AuditEntry> {
    return transaction.save(transaction.create(AuditEntry, fields));
  }

  /** A session's rows in chain order (inside a transaction: as its snapshot sees them). */
  chainOf(sessionId: string, transaction?: Transaction): Promise<AuditEntry[]> {
    return (transaction ?? this.dataSource.manager).find(AuditEntry, { where: { sessionId }, order: { seq: 'ASC' } });
  }
}
