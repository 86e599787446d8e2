import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Receipt } from './receipt.entity';

/** The queries of `receipts`. */
@Injectable()
export class ReceiptsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The session's receipt, created with this secret's hash unless it has one (on conflict do nothing): answers the new
   * receipt's id, or null when the session had a receipt already, whose secret only its first text holds.
   */
  async insertOnce(transaction: Transaction, sessionId: string, secretHash: Buffer): Promise<string | null> {
    const rows = (await transaction.query(
      `INSERT INTO ${this.table()} (session_id, secret_hash) VALUES ($1, $2) ON CONFLICT (session_id) DO NOTHING RETURNING id`,
      [sessionId, secretHash],
    )) as { id: string }[];
    return rows[0]?.id ?? null;
  }

  /** A receipt with its secret's hash, for the access check. */
  find(id: string): Promise<Receipt | null> {
    return this.dataSource.manager
      .createQueryBuilder(Receipt, 'receipt')
      .addSelect('receipt.secretHash')
      .where({ id })
      .getOne();
  }

  private table(): string {
    return this.dataSource.getMetadata(Receipt).tablePath;
  }
}
