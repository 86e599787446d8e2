import type { ReferralRefusalReason } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A member's stable referral code (created on first ask). */
@Entity({ name: 'referral_codes' })
export class ReferralCode {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'code', type: 'varchar', length: 32, unique: true })
  code: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

export type ReferralStatus = 'pending' | 'counted' | 'refused';

/** Who referred whom: a member is referred once. */
@Entity({ name: 'referrals' })
export class Referral {
  @PrimaryColumn({ name: 'referred_user_id', type: 'uuid' })
  referredUserId: string;

  /** Null for an unknown code. */
  @Column({ name: 'referrer_user_id', type: 'uuid', nullable: true })
  referrerUserId: string | null;

  @Column({ name: 'status', type: 'varchar', length: 10 })
  status: ReferralStatus;

  @Column({ name: 'refusal_reason', type: 'varchar', length: 32, nullable: true })
  refusalReason: ReferralRefusalReason | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'counted_at', type: 'timestamptz', nullable: true })
  countedAt: Date | null;

  @Column({ name: 'refused_at', type: 'timestamptz', nullable: true })
  refusedAt: Date | null;
}

/** A card a member has paid with, by the provider's fingerprint. */
@Entity({ name: 'payment_cards' })
export class PaymentCard {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @PrimaryColumn({ name: 'fingerprint', type: 'text' })
  fingerprint: string;

  @CreateDateColumn({ name: 'first_used_at', type: 'timestamptz' })
  firstUsedAt: Date;
}

/** A referrer who reached 4 counted referrals, and the subscription the free-for-life discount was applied to. */
@Entity({ name: 'referral_rewards' })
export class ReferralReward {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @CreateDateColumn({ name: 'earned_at', type: 'timestamptz' })
  earnedAt: Date;

  @Column({ name: 'provider_subscription_id', type: 'text', nullable: true })
  providerSubscriptionId: string | null;

  @Column({ name: 'granted_at', type: 'timestamptz', nullable: true })
  grantedAt: Date | null;
}

export const REFERRAL_ENTITIES = [ReferralCode, Referral, PaymentCard, ReferralReward];
