import type { DataSource } from 'typeorm';
import type { Role } from '../../src/users/staff-roles';

/** Sets an account's role as `npm run admin -- grant` does, for tests that are not about the CLI itself. */
export async function setRole(dataSource: DataSource, userId: unknown, role: Role): Promise<void> {
  await dataSource.query(`UPDATE identity.users SET role = $2 WHERE id = $1`, [userId, role]);
}

export interface AccessLogRow {
  actorUserId: string;
  action: string;
  target: string;
  at: Date;
}

export async function accessLog(dataSource: DataSource): Promise<AccessLogRow[]> {
  return dataSource.query(
    `SELECT actor_user_id AS "actorUserId", action, target, at FROM identity.support_access_log ORDER BY id`,
  );
}
