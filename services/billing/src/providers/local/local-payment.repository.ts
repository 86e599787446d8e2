import type { PlanId } from '@app/contracts';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager, type FindOptionsWhere, IsNull } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { LocalCheckout, LocalCustomer, LocalSubscription } from './local-entities';

/** Ids shaped like Stripe's, so logs and pages read the same with either provider. */
export const localId = (prefix: 'cus' | 'cs' | 'sub' | 'evt') => `${prefix}_local_${randomBytes(12).toString('hex')}`;

/** The local provider's records (its side of the checkout), in the billing schema's `local_*` tables. */
export class LocalPaymentRepository {
  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (transaction: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The member's customer given (when it is theirs), else a new one. */
  async customerFor(transaction: EntityManager, userId: string, customerId: string | null): Promise<string> {
    if (customerId && (await transaction.existsBy(LocalCustomer, { id: customerId, userId }))) return customerId;
    const id = localId('cus');
    await transaction.insert(LocalCustomer, { id, userId });
    return id;
  }

  async insertCheckout(
    transaction: EntityManager,
    checkout: Pick<LocalCheckout, 'id' | 'customerId' | 'userId' | 'plan' | 'successUrl' | 'cancelUrl'>,
  ): Promise<void> {
    await transaction.insert(LocalCheckout, checkout);
  }

  checkout(id: string): Promise<LocalCheckout | null> {
    return this.dataSource.getRepository(LocalCheckout).findOneBy({ id });
  }

  /** The member's checkout, locked until the transaction ends (one payment at a time). */
  lockCheckout(transaction: EntityManager, id: string, userId: string): Promise<LocalCheckout | null> {
    return transaction
      .createQueryBuilder(LocalCheckout, 'checkout')
      .where({ id, userId })
      .setLock('pessimistic_write')
      .getOne();
  }

  /** Every record of the member (checkouts before the subscriptions and customers they reference). */
  async deleteMember(transaction: EntityManager, userId: string): Promise<void> {
    await transaction.delete(LocalCheckout, { userId });
    await transaction.delete(LocalSubscription, { userId });
    await transaction.delete(LocalCustomer, { userId });
  }

  /** An open checkout can no longer be paid (one paid already, or being paid under its lock, is left as it is). */
  async expireCheckout(id: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(LocalCheckout)
      .set({ status: 'expired' })
      .where({ id, status: 'open' })
      .execute();
  }

  async completeCheckout(transaction: EntityManager, id: string, subscriptionId: string, at: Date): Promise<void> {
    await transaction.update(LocalCheckout, { id }, { status: 'complete', subscriptionId, completedAt: at });
  }

  async insertSubscription(
    transaction: EntityManager,
    subscription: {
      id: string;
      customerId: string;
      userId: string;
      plan: PlanId;
      currentPeriodEnd: Date;
      updatedAt: Date;
      cardFingerprint: string;
      cardLast4: string;
    },
  ): Promise<void> {
    await transaction.insert(LocalSubscription, { ...subscription, status: 'active', cancelAtPeriodEnd: false });
  }

  subscription(id: string): Promise<LocalSubscription | null> {
    return this.dataSource.getRepository(LocalSubscription).findOneBy({ id });
  }

  /** The member's latest subscription, locked until the transaction ends (the portal's changes, one at a time). */
  lockLatestSubscription(transaction: EntityManager, userId: string): Promise<LocalSubscription | null> {
    return transaction
      .createQueryBuilder(LocalSubscription, 'subscription')
      .where({ userId })
      .orderBy('subscription.created_at', 'DESC')
      .addOrderBy('subscription.id', 'DESC')
      .setLock('pessimistic_write')
      .getOne();
  }

  latestSubscription(userId: string): Promise<LocalSubscription | null> {
    return this.dataSource
      .getRepository(LocalSubscription)
      .findOne({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /**
   * Subscriptions whose paid period has ended and that are still running (active or trialing), oldest first, locked
   * until the transaction ends; rows another instance holds are skipped (two instances never renew one twice).
   */
  lockDue(transaction: EntityManager, now: Date, limit: number): Promise<LocalSubscription[]> {
    return transaction
      .createQueryBuilder(LocalSubscription, 'subscription')
      .where(`subscription.status IN ('active', 'trialing')`)
      .andWhere('subscription.current_period_end <= :now', { now })
      .orderBy('subscription.current_period_end', 'ASC')
      .limit(limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
  }

  /**
   * Changes a subscription as the provider would (cancel at period end, renewal, card change; tests also move it past
   * due and back). Its `updated_at` moves to now, and by at least 1 ms, so every change is newer than the one before.
   * In `transaction` when one is given.
   */
  async updateSubscription(
    id: string,
    changes: Partial<
      Pick<
        LocalSubscription,
        'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'freeForLife' | 'cardFingerprint' | 'cardLast4'
      >
    >,
    transaction?: EntityManager,
  ): Promise<LocalSubscription | null> {
    return this.changeSubscription({ id }, changes, transaction);
  }

  /** A duplicate subscription ends at once, refunded; null when it was refunded already (or is unknown). */
  refundSubscription(id: string): Promise<LocalSubscription | null> {
    return this.changeSubscription(
      { id, refundedAt: IsNull() },
      { status: 'canceled', refundedAt: () => 'clock_timestamp()' },
    );
  }

  private async changeSubscription(
    where: FindOptionsWhere<LocalSubscription>,
    changes: QueryDeepPartialEntity<LocalSubscription>,
    transaction?: EntityManager,
  ): Promise<LocalSubscription | null> {
    const manager = transaction ?? this.dataSource.manager;
    const result = await manager
      .createQueryBuilder()
      .update(LocalSubscription)
      .set({
        ...changes,
        updatedAt: () =>
          `GREATEST(date_trunc('milliseconds', clock_timestamp()), updated_at + interval '1 millisecond')`,
      })
      .where(where)
      .returning('*')
      .updateEntity(false)
      .execute();
    return result.affected ? manager.getRepository(LocalSubscription).findOneBy({ id: where.id as string }) : null;
  }
}
