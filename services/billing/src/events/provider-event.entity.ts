import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A verified provider event, stored once (provider_event_id unique) before it is queued for processing. */
@Entity({ name: 'provider_events' })
export class ProviderEventRecord {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'provider_event_id', type: 'text', unique: true })
  providerEventId: string;

  @Column({ name: 'type', type: 'text' })
  type: string;

  @Column({ name: 'created_at_provider', type: 'timestamptz' })
  createdAtProvider: Date;

  @Column({ name: 'subscription_id', type: 'text', nullable: true })
  subscriptionId: string | null;

  @Column({ name: 'checkout_id', type: 'text', nullable: true })
  checkoutId: string | null;

  @Column({ name: 'customer_id', type: 'text', nullable: true })
  customerId: string | null;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ name: 'payload', type: 'jsonb' })
  payload: unknown;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;

  @Column({ name: 'processed_at', type: 'timestamptz', nullable: true })
  processedAt: Date | null;
}
