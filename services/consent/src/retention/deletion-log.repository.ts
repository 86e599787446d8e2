import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeletionLogEntry, type DeletionReason } from './deletion-log-entry.entity';

export interface DeletedSession {
  sessionId: string;
  initiatorUserId: string;
  recordingObjects: number;
}

/** The queries of `deletion_log`: rows are only added. */
@Injectable()
export class DeletionLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records sessions deleted in this transaction, so a row exists exactly when the deletion committed. */
  async record(transaction: Transaction, reason: DeletionReason, sessions: DeletedSession[]): Promise<void> {
    if (!sessions.length) return;
    await transaction.query(
      `INSERT INTO ${this.dataSource.getMetadata(DeletionLogEntry).tablePath} (session_id, initiator_user_id, reason, recording_objects)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::int[])`,
      [
        sessions.map((s) => s.sessionId),
        sessions.map((s) => s.initiatorUserId),
        sessions.map(() => reason),
        sessions.map((s) => s.recordingObjects),
      ],
    );
  }
}
