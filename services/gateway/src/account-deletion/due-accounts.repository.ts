import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { IDENTITY_SCHEMA } from '../database/identity-schema';

/** The user rows the retention job reads and deletes, and `deletion_log`, which outlives them. */
@Injectable()
export class DueAccountsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Accounts whose deletion date has passed, after `after` in id order (keyset), without a lock. */
  async dueAfter(after: string | null, limit: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM ${IDENTITY_SCHEMA}.users
        WHERE account_deletion_date <= now() AND ($1::uuid IS NULL OR id > $1::uuid)
        ORDER BY id LIMIT $2`,
      [after, limit],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /**
   * Lapsed accounts not yet due whose deletion date is at most `latest`, with that date, after `after` in id order
   * (keyset), without a lock. A member who paid again has no date, so is never among them.
   */
  lapsedAfter(after: string | null, latest: Date, limit: number): Promise<{ id: string; accountDeletionDate: Date }[]> {
    return this.dataSource.query(
      `SELECT id, account_deletion_date AS "accountDeletionDate" FROM ${IDENTITY_SCHEMA}.users
        WHERE account_deletion_date > now() AND account_deletion_date <= $2 AND ($1::uuid IS NULL OR id > $1::uuid)
        ORDER BY id LIMIT $3`,
      [after, latest, limit],
    );
  }

  /**
   * The account's row, locked until the transaction ends, if it is still due and no other transaction holds it
   * (`SKIP LOCKED`: another run skips an account being deleted; a subscription change for it waits).
   */
  async claim(
    transaction: EntityManager,
    userId: string,
  ): Promise<{ profilePictureKey: string | null; accountDeletionDate: Date } | null> {
    const [row] = (await transaction.query(
      `SELECT profile_picture_key AS "profilePictureKey", account_deletion_date AS "accountDeletionDate" FROM ${IDENTITY_SCHEMA}.users
        WHERE id = $1 AND account_deletion_date <= now()
        FOR UPDATE SKIP LOCKED`,
      [userId],
    )) as { profilePictureKey: string | null; accountDeletionDate: Date }[];
    return row ?? null;
  }

  /** Deletes the user row (its sign-ins go by cascade) and logs it, in the claim's transaction: logged once, when it commits. */
  async delete(transaction: EntityManager, userId: string, dueAt: Date): Promise<void> {
    await transaction.query(
      `INSERT INTO ${IDENTITY_SCHEMA}.deletion_log (user_id, reason, due_at) VALUES ($1, 'retention', $2)`,
      [userId, dueAt],
    );
    await transaction.query(`DELETE FROM ${IDENTITY_SCHEMA}.users WHERE id = $1`, [userId]);
  }
}
