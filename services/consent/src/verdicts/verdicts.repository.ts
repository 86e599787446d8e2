import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Verdict } from './verdict.entity';

@Injectable()
export class VerdictsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts the session's verdict unless it has one: false when one was stored already (the first one stays). */
  async insertOnce(transaction: Transaction, verdict: Omit<Verdict, 'createdAt'>): Promise<boolean> {
    const result = await transaction.createQueryBuilder().insert().into(Verdict).values(verdict).orIgnore().execute();
    return (result.raw as unknown[]).length > 0;
  }

  find(transaction: Transaction, sessionId: string): Promise<Verdict | null> {
    return transaction.findOneBy(Verdict, { sessionId });
  }

  /** The outcome and reasons of a session's verdict (nothing of what was heard); null before it has one. */
  outcomeOf(sessionId: string): Promise<Pick<Verdict, 'outcome' | 'reasons'> | null> {
    return this.dataSource
      .getRepository(Verdict)
      .findOne({ select: { outcome: true, reasons: true }, where: { sessionId } });
  }
}
