import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SubscriptionState } from '../providers/payment-provider';
import { LIVE_PROVIDER_STATUSES } from './lifecycle';
import { Subscription } from './subscription.entity';

const LAPSED_STATUSES = ['past_due', 'unpaid'];
/** Paid again: the lapse is over. */
const PAID_STATUSES = ['active', 'trialing'];

/** The queries of `subscriptions`. */
@Injectable()
export class SubscriptionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get table(): string {
    return this.dataSource.getMetadata(Subscription).tablePath;
  }

  /**
   * Stores the provider's state of a subscription for the member, unless what is stored is as new or newer (the
   * provider's `updatedAt`), in one statement, so two writers (an event and verify-payment) cannot interleave. The
   * lapse is the `updatedAt` of the first past-due state seen, kept until it is paid again (also once it ends unpaid:
   * the retention schedule counts from the lapse, not from the end).
   * Answers whether the row changed.
   */
  async upsert(transaction: Transaction, userId: string, state: SubscriptionState): Promise<boolean> {
    const lapsedAt = LAPSED_STATUSES.includes(state.status) ? state.updatedAt : null;
    const rows: unknown[] = await transaction.query(
      `INSERT INTO ${this.table} AS stored
         (provider_subscription_id, user_id, provider_customer_id, plan, status, current_period_end, cancel_at_period_end, provider_updated_at, lapsed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (provider_subscription_id) DO UPDATE SET
         provider_customer_id = excluded.provider_customer_id,
         plan = COALESCE(excluded.plan, stored.plan),
         status = excluded.status,
         current_period_end = excluded.current_period_end,
         cancel_at_period_end = excluded.cancel_at_period_end,
         provider_updated_at = excluded.provider_updated_at,
         lapsed_at = CASE WHEN excluded.status = ANY($10::text[]) THEN NULL ELSE COALESCE(stored.lapsed_at, excluded.lapsed_at) END,
         updated_at = now()
       WHERE stored.provider_updated_at < excluded.provider_updated_at
       RETURNING provider_subscription_id`,
      [
        state.subscriptionId,
        userId,
        state.customerId,
        state.plan,
        state.status,
        state.currentPeriodEnd,
        state.cancelAtPeriodEnd,
        state.updatedAt,
        lapsedAt,
        PAID_STATUSES,
      ],
    );
    return rows.length > 0;
  }

  /** Whether the member has (or had) a paid subscription: any recorded one past `incomplete`. */
  async everPaid(transaction: Transaction, userId: string): Promise<boolean> {
    const rows: unknown[] = await transaction.query(
      `SELECT 1 FROM ${this.table} WHERE user_id = $1 AND status NOT IN ('incomplete', 'incomplete_expired') LIMIT 1`,
      [userId],
    );
    return rows.length > 0;
  }

  /**
   * Takes the member's billing lock until the transaction ends (a transaction-scoped advisory lock: the member may
   * have no row yet): starting a checkout and settling duplicates run one at a time per member, on every instance.
   */
  async lockMember(transaction: Transaction, userId: string): Promise<void> {
    await transaction.query(`SELECT pg_advisory_xact_lock(hashtextextended('billing.member:' || $1, 0))`, [userId]);
  }

  /** Every subscription recorded for the member (a handful at most: one per time they subscribed). */
  allOf(userId: string): Promise<Subscription[]> {
    return this.dataSource
      .getRepository(Subscription)
      .find({ where: { userId }, order: { providerUpdatedAt: 'DESC' } });
  }

  async userOf(transaction: Transaction, providerSubscriptionId: string): Promise<string | null> {
    const row = await transaction.findOne(Subscription, {
      select: { userId: true },
      where: { providerSubscriptionId },
    });
    return row?.userId ?? null;
  }

  /**
   * The member's current subscription: a live one (active, trialing, past due, unpaid) before any ended one, then the
   * most recently changed.
   */
  async currentOf(userId: string): Promise<Subscription | null> {
    const all = await this.allOf(userId);
    const live = (subscription: Subscription) =>
      (LIVE_PROVIDER_STATUSES as readonly string[]).includes(subscription.status);
    return all.find(live) ?? all[0] ?? null;
  }
}
