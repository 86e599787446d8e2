import type { SubscriptionStatus } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from './staff-roles';

@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Lower-cased e-mail; the spec calls it username. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ name: 'full_name', type: 'varchar', length: 200 })
  fullName: string;

  @Column({ name: 'phone_number', type: 'varchar', length: 32 })
  phoneNumber: string;

  /** When the member proved `phoneNumber` with a texted code; a consent session needs it. */
  @Column({ name: 'phone_verified_at', type: 'timestamptz', nullable: true })
  phoneVerifiedAt: Date | null;

  @Column({ name: 'profile_picture_key', type: 'varchar', length: 200, nullable: true })
  profilePictureKey: string | null;

  @Column({ name: 'subscription_status', type: 'varchar', length: 20, default: 'inactive' })
  subscriptionStatus: SubscriptionStatus;

  @Column({ name: 'account_deletion_date', type: 'timestamptz', nullable: true })
  accountDeletionDate: Date | null;

  /** The billing provider's time of the last subscription change applied here (account-updates): older ones are ignored. */
  @Column({ name: 'subscription_changed_at', type: 'timestamptz', nullable: true })
  subscriptionChangedAt: Date | null;

  /** Staff access (`npm run admin -- grant`); read from this row on every request, never from the token. */
  @Column({ type: 'varchar', length: 10, default: 'member' })
  role: Role;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
