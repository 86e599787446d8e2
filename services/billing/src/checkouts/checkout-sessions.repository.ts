import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CheckoutSession } from './checkout-session.entity';

/** The queries of `checkout_sessions`. */
@Injectable()
export class CheckoutSessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(checkout: Pick<CheckoutSession, 'id' | 'userId' | 'plan'>): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(CheckoutSession)
      .values(checkout)
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  get(id: string): Promise<CheckoutSession | null> {
    return this.dataSource.getRepository(CheckoutSession).findOneBy({ id });
  }

  /** The member's own checkout by id: another member's is the same as none. */
  ofUser(userId: string, id: string): Promise<CheckoutSession | null> {
    return this.dataSource.getRepository(CheckoutSession).findOneBy({ id, userId });
  }

  /** The member's checkouts still open as last recorded, oldest first. */
  openOfUser(userId: string): Promise<CheckoutSession[]> {
    return this.dataSource
      .getRepository(CheckoutSession)
      .find({ where: { userId, status: 'open' }, order: { createdAt: 'ASC' } });
  }

  countOfUser(userId: string): Promise<number> {
    return this.dataSource.getRepository(CheckoutSession).countBy({ userId });
  }

  latestOfUser(userId: string): Promise<CheckoutSession | null> {
    return this.dataSource.getRepository(CheckoutSession).findOne({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  async markComplete(transaction: Transaction, id: string, subscriptionId: string): Promise<void> {
    await transaction
      .createQueryBuilder()
      .update(CheckoutSession)
      .set({ status: 'complete', subscriptionId, completedAt: () => 'COALESCE(completed_at, now())' })
      .where({ id })
      .execute();
  }

  async markExpired(id: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(CheckoutSession)
      .set({ status: 'expired' })
      .where({ id, status: 'open' })
      .execute();
  }
}
