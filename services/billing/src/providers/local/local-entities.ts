import type { PlanId } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * The `local` provider's own records, what Stripe keeps on its side: read and written by the local adapter only.
 */
@Entity({ name: 'local_customers' })
export class LocalCustomer {
  @PrimaryColumn({ name: 'id', type: 'text' })
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

@Entity({ name: 'local_subscriptions' })
export class LocalSubscription {
  @PrimaryColumn({ name: 'id', type: 'text' })
  id: string;

  @Column({ name: 'customer_id', type: 'text' })
  customerId: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'plan', type: 'varchar', length: 10 })
  plan: PlanId;

  @Column({ name: 'status', type: 'varchar', length: 32 })
  status: string;

  @Column({ name: 'current_period_end', type: 'timestamptz' })
  currentPeriodEnd: Date;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  /** The paying card's fingerprint (a keyed hash of the test card number). */
  @Column({ name: 'card_fingerprint', type: 'text', nullable: true })
  cardFingerprint: string | null;

  /** The last 4 digits of the card on file, as the TEST MODE portal shows them. */
  @Column({ name: 'card_last4', type: 'varchar', length: 4, nullable: true })
  cardLast4: string | null;

  /** The referral reward: a 100%-off forever discount, so this subscription is never charged. */
  @Column({ name: 'free_for_life', type: 'boolean', default: false })
  freeForLife: boolean;

  /** When it was refunded as a member's duplicate subscription (and ended). */
  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Every change moves it forward by at least 1 ms, so changes are strictly ordered. */
  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

@Entity({ name: 'local_checkouts' })
export class LocalCheckout {
  @PrimaryColumn({ name: 'id', type: 'text' })
  id: string;

  @Column({ name: 'customer_id', type: 'text' })
  customerId: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'plan', type: 'varchar', length: 10 })
  plan: PlanId;

  @Column({ name: 'status', type: 'varchar', length: 10, default: 'open' })
  status: 'open' | 'complete' | 'expired';

  @Column({ name: 'success_url', type: 'text' })
  successUrl: string;

  @Column({ name: 'cancel_url', type: 'text' })
  cancelUrl: string;

  @Column({ name: 'subscription_id', type: 'text', nullable: true })
  subscriptionId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}

export const LOCAL_ENTITIES = [LocalCustomer, LocalSubscription, LocalCheckout];
