import type { PlanId } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A provider's subscription as last read from the provider, and whose it is. */
@Entity({ name: 'subscriptions' })
export class Subscription {
  @PrimaryColumn({ name: 'provider_subscription_id', type: 'text' })
  providerSubscriptionId: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'provider_customer_id', type: 'text' })
  providerCustomerId: string;

  @Column({ name: 'plan', type: 'varchar', length: 10, nullable: true })
  plan: PlanId | null;

  /** The provider's status (active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired...). */
  @Column({ name: 'status', type: 'varchar', length: 32 })
  status: string;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  /** The provider's time of this state: only a newer one replaces it. */
  @Column({ name: 'provider_updated_at', type: 'timestamptz' })
  providerUpdatedAt: Date;

  /** When it was first seen past due (or unpaid); cleared once it is paid again. */
  @Column({ name: 'lapsed_at', type: 'timestamptz', nullable: true })
  lapsedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
