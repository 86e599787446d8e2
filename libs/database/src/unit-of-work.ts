import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** An open transaction: the repositories given it read and write inside it. */
export type Transaction = EntityManager;

/**
 * What a service may do around each of its transactions' ends: the consent service marks the read model of the
 * sessions a transaction changed before it commits, and releases them after.
 */
export interface TransactionHooks {
  /** Inside the transaction, after its work: a throw rolls it back. */
  beforeCommit(transaction: Transaction): Promise<void>;
  /** After the commit or the rollback; never throws (the outcome is settled). */
  afterEnd(transaction: Transaction): Promise<void>;
}

export const TRANSACTION_HOOKS = Symbol('TRANSACTION_HOOKS');

/**
 * Opens the transactions of the use cases. They stay explicit: a use case runs its steps in `run` and hands the
 * transaction to every repository call that belongs in it; they commit together or not at all.
 */
@Injectable()
export class UnitOfWork {
  constructor(
    private readonly dataSource: DataSource,
    @Optional() @Inject(TRANSACTION_HOOKS) private readonly hooks?: TransactionHooks,
  ) {}

  async run<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    const hooks = this.hooks;
    if (!hooks) return this.dataSource.transaction(work);
    let opened: Transaction | undefined;
    try {
      return await this.dataSource.transaction(async (transaction) => {
        opened = transaction;
        const result = await work(transaction);
        await hooks.beforeCommit(transaction);
        return result;
      });
    } finally {
      if (opened) await hooks.afterEnd(opened);
    }
  }

  /**
   * One REPEATABLE READ transaction for reads that must agree with each other (a chain and its head): every query in
   * it sees the same committed state, whatever commits meanwhile.
   */
  snapshot<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('REPEATABLE READ', work);
  }
}
