import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { Verdict } from './verdict.entity';

@Injectable()
export class VerdictsRepository {
  /** Inserts the session's verdict unless it has one: false when one was stored already (the first one stays). */
  async insertOnce(transaction: Transaction, verdict: Omit<Verdict, 'createdAt'>): Promise<boolean> {
    const result = await transaction.createQueryBuilder().insert().into(Verdict).values(verdict).orIgnore().execute();
    return (result.raw as unknown[]).length > 0;
  }

  find(transaction: Transaction, sessionId: string): Promise<Verdict | null> {
    return transaction.findOneBy(Verdict, { sessionId });
  }
}
