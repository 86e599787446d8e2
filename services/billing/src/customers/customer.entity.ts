import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A member's customer at the payment provider (one member, one customer). */
@Entity({ name: 'customers' })
export class Customer {
  /** The gateway's user id, by value. */
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'provider', type: 'varchar', length: 10 })
  provider: 'local' | 'stripe';

  @Column({ name: 'provider_customer_id', type: 'text', unique: true })
  providerCustomerId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
