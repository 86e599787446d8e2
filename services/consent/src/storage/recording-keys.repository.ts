import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The queries of `recording_keys`: one wrapped key per session, written once, destroyed to shred its recordings. */
@Injectable()
export class RecordingKeysRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(sessionId: string): Promise<Buffer | null> {
    const rows: { wrapped_key: Buffer }[] = await this.dataSource.query(
      `SELECT wrapped_key FROM consent.recording_keys WHERE session_id = $1`,
      [sessionId],
    );
    return rows[0]?.wrapped_key ?? null;
  }

  /** The session's key: `candidate` when it had none, else the one written first (two uploads at once agree). */
  async findOrInsert(sessionId: string, candidate: Buffer): Promise<Buffer> {
    await this.dataSource.query(
      `INSERT INTO consent.recording_keys (session_id, wrapped_key) VALUES ($1, $2) ON CONFLICT (session_id) DO NOTHING`,
      [sessionId, candidate],
    );
    const stored = await this.find(sessionId);
    if (!stored) throw new Error(`Session ${sessionId} has no recording key (deleted meanwhile)`);
    return stored;
  }

  async destroy(transaction: Transaction, sessionId: string): Promise<void> {
    await transaction.query(`DELETE FROM consent.recording_keys WHERE session_id = $1`, [sessionId]);
  }
}
