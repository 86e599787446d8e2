import type { Transaction, TransactionHooks } from '@app/database';
import { RedisConnection } from '@app/redis';
import { SessionViewStore } from '@app/session-views';
import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

interface Touched {
  owner: string;
  sessionIds: Set<string>;
}

/**
 * Keeps the gateway's read model (libs/session-views) from ever answering what a transaction has changed: the
 * sessions a transaction writes are marked pending before the write and again just before the commit, and released
 * once it has ended, so the next read of Postgres fills them again. A transaction whose marks cannot be written does
 * not commit: a 503 the client retries is better than a read model that says "granted" after a withdrawal.
 */
@Injectable()
export class SessionViewMarks implements TransactionHooks {
  private readonly logger = new Logger(SessionViewMarks.name);
  private readonly store: SessionViewStore;
  private readonly touched = new WeakMap<Transaction, Touched>();

  constructor(redis: RedisConnection) {
    this.store = new SessionViewStore(redis.client);
  }

  /**
   * Called by every write to a session's row (ConsentSessionsRepository), in the writing transaction, before the
   * write: the entry is pending from then on. Throws (so the transaction rolls back) if Redis cannot be told.
   */
  async touch(transaction: Transaction, sessionIds: string[]): Promise<void> {
    const touched = this.touched.get(transaction) ?? { owner: randomUUID(), sessionIds: new Set<string>() };
    this.touched.set(transaction, touched);
    const fresh = sessionIds.filter((id) => !touched.sessionIds.has(id));
    if (!fresh.length) return;
    for (const id of fresh) touched.sessionIds.add(id);
    await this.store.mark(fresh, touched.owner);
  }

  /** Marks again just before the commit, so no mark can have expired during a long transaction. */
  async beforeCommit(transaction: Transaction): Promise<void> {
    const touched = this.touched.get(transaction);
    if (touched) await this.store.mark([...touched.sessionIds], touched.owner);
  }

  /** A release that fails leaves the marks until they expire: those sessions are read from Postgres meanwhile. */
  async afterEnd(transaction: Transaction): Promise<void> {
    const touched = this.touched.get(transaction);
    if (!touched) return;
    this.touched.delete(transaction);
    await this.store
      .release([...touched.sessionIds], touched.owner)
      .catch((error: Error) =>
        this.logger.warn(`Read model of ${touched.sessionIds.size} session(s) not released: ${error.message}`),
      );
  }
}
