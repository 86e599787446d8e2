import type { PlanId } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A checkout started for a member; its id is the provider's checkout id. */
@Entity({ name: 'checkout_sessions' })
export class CheckoutSession {
  @PrimaryColumn({ name: 'id', type: 'text' })
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'plan', type: 'varchar', length: 10 })
  plan: PlanId;

  @Column({ name: 'status', type: 'varchar', length: 10, default: 'open' })
  status: 'open' | 'complete' | 'expired';

  @Column({ name: 'subscription_id', type: 'text', nullable: true })
  subscriptionId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
