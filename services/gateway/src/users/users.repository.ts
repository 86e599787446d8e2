import type { Transaction } from '@app/database';
import type { JobPayload, JOBS } from '@app/queue';
import { Injectable } from '@nestjs/common';
import { DataSource, Not } from 'typeorm';
import { IDENTITY_SCHEMA } from '../database/identity-schema';
import type { Role } from './staff-roles';
import { User } from './user.entity';

/** What a registration stores; the rest of the row takes its defaults. */
export type NewUser = Pick<User, 'email' | 'passwordHash' | 'fullName' | 'phoneNumber' | 'profilePictureKey'>;

/** What applying a subscription change did: stored, ignored as older than what is stored, or no such user (deleted). */
export type AppliedChange = 'applied' | 'stale' | 'unknown_user';

export interface RoleChange {
  userId: string;
  previous: Role;
}

/** Every query of `identity.users` but the retention job's (`DueAccountsRepository`). */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The account with this (normalized) e-mail, whatever its state. */
  byEmail(email: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOneBy({ email });
  }

  emailTaken(email: string): Promise<boolean> {
    return this.dataSource.getRepository(User).existsBy({ email });
  }

  /** Inserts a new account in the registration's transaction; a taken e-mail fails on the unique index (23505). */
  insert(transaction: Transaction, user: NewUser): Promise<User> {
    return transaction.save(transaction.create(User, user));
  }

  /**
   * The account as its row says now, unless it is gone or past its deletion date (the deletion job may not have
   * reached it yet): what a signed-in member's routes read besides who they are.
   */
  liveAccount(userId: string): Promise<User | null> {
    return this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .where('u.id = :userId', { userId })
      .andWhere('(u.account_deletion_date IS NULL OR u.account_deletion_date > now())')
      .getOne();
  }

  /**
   * Records the member's phone as proved, if it is still the number on the account (in E.164 now, however it was
   * typed): answers whether it was.
   */
  async markPhoneVerified(
    userId: string,
    proved: { phone: string; verifiedAt: string },
    storedAs: string,
  ): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(User)
      .set({ phoneNumber: proved.phone, phoneVerifiedAt: new Date(proved.verifiedAt) })
      .where({ id: userId, phoneNumber: storedAs })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Members with a live subscription, and accounts that ever subscribed (a lapse or a cancellation keeps the place). */
  async subscriptionCounts(): Promise<{ active: number; everSubscribed: number }> {
    const users = this.dataSource.getRepository(User);
    const [active, everSubscribed] = await Promise.all([
      users.countBy({ subscriptionStatus: 'active' }),
      users.countBy({ subscriptionStatus: Not('inactive') }),
    ]);
    return { active, everSubscribed };
  }

  /**
   * Stores a subscription change only if its `changedAt` is newer than the last one stored, in one conditional
   * UPDATE, so changes arriving out of order or twice, or from two workers at once, cannot interleave.
   */
  async applySubscriptionChange({
    userId,
    subscriptionStatus,
    accountDeletionDate,
    changedAt,
  }: JobPayload<typeof JOBS.applySubscriptionChange>): Promise<AppliedChange> {
    const updated: unknown[] = await this.dataSource.query(
      `UPDATE ${IDENTITY_SCHEMA}.users
          SET subscription_status = $2, account_deletion_date = $3, subscription_changed_at = $4, updated_at = now()
        WHERE id = $1 AND (subscription_changed_at IS NULL OR subscription_changed_at < $4)
        RETURNING id`,
      [userId, subscriptionStatus, accountDeletionDate, changedAt],
    );
    // TypeORM answers an UPDATE ... RETURNING as [rows, count].
    const rows = Array.isArray(updated[0]) ? (updated[0] as unknown[]) : updated;
    if (rows.length) return 'applied';
    const [exists] = await this.dataSource.query(`SELECT 1 FROM ${IDENTITY_SCHEMA}.users WHERE id = $1`, [userId]);
    return exists ? 'stale' : 'unknown_user';
  }

  /** Sets the role of the account with this (normalized) e-mail; null when there is no such account. */
  async assignRole(email: string, role: Role): Promise<RoleChange | null> {
    // A self-join, so RETURNING can name the role the row had before the update.
    const [rows] = (await this.dataSource.query(
      `UPDATE ${IDENTITY_SCHEMA}.users u SET role = $2, updated_at = now()
         FROM ${IDENTITY_SCHEMA}.users before
        WHERE before.id = u.id AND u.email = $1
        RETURNING u.id AS "userId", before.role AS previous`,
      [email, role],
    )) as [RoleChange[], number];
    return rows[0] ?? null;
  }
}
