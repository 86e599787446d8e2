import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** An open transaction: the repositories given it read and write inside it. */
export type Transaction = EntityManager;

/**
 * Opens the transactions of the use cases. They stay explicit: a use case runs its steps in `run` and hands the
 * transaction to every repository call that belongs in it; they commit together or not at all.
 */
@Injectable()
export class UnitOfWork {
  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * One REPEATABLE READ transaction for reads that must agree with each other (a chain and its head): every query in
   * it sees the same committed state, whatever commits meanwhile.
   */
  snapshot<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('REPEATABLE READ', work);
  }
}
