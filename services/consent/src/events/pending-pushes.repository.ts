import type { Transaction } from '@app/database';
import type { SessionChange } from '@app/queue';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface PendingPush {
  jobId: string;
  sessionId: string;
  initiatorUserId: string;
  change: SessionChange;
  /** Only for a change that happens once per analysis attempt (a retake offered). */
  attempt?: number;
}

/** The queries of the `pending_pushes` outbox. */
@Injectable()
export class PendingPushesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** In the change's transaction; a push already pending (same job id) stays as it is. */
  async insert(transaction: Transaction, push: PendingPush): Promise<void> {
    await transaction.query(
      `INSERT INTO consent.pending_pushes (job_id, session_id, initiator_user_id, change) VALUES ($1, $2, $3, $4) ON CONFLICT (job_id) DO NOTHING`,
      [push.jobId, push.sessionId, push.initiatorUserId, push.change],
    );
  }

  /**
   * The oldest pushes not yet queued. The attempt is not a column of its own: it is the job id's third part
   * (`<sessionId>.retake_requested.<attempt>`), the only place a pending push keeps it.
   */
  async oldest(limit: number): Promise<PendingPush[]> {
    const rows: (Omit<PendingPush, 'attempt'> & { attempt: string })[] = await this.dataSource.query(
      `SELECT job_id AS "jobId", session_id AS "sessionId", initiator_user_id AS "initiatorUserId", change, split_part(job_id, '.', 3) AS attempt
         FROM consent.pending_pushes ORDER BY created_at LIMIT $1`,
      [limit],
    );
    return rows.map(({ attempt, ...push }) => (attempt ? { ...push, attempt: Number(attempt) } : push));
  }

  async remove(jobId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM consent.pending_pushes WHERE job_id = $1`, [jobId]);
  }
}
