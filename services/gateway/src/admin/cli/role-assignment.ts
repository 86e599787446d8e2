import type { DataSource } from 'typeorm';
import { IDENTITY_SCHEMA } from '../../database/identity-data-source';
import type { Role } from '../staff-roles';

export interface RoleChange {
  userId: string;
  previous: Role;
}

/** Sets the role of the account with this (normalized) e-mail; null when there is no such account. */
export async function assignRole(dataSource: DataSource, email: string, role: Role): Promise<RoleChange | null> {
  // A self-join, so RETURNING can name the role the row had before the update.
  const [rows] = (await dataSource.query(
    `UPDATE ${IDENTITY_SCHEMA}.users u SET role = $2, updated_at = now()
       FROM ${IDENTITY_SCHEMA}.users before
      WHERE before.id = u.id AND u.email = $1
      RETURNING u.id AS "userId", before.role AS previous`,
    [email, role],
  )) as [RoleChange[], number];
  return rows[0] ?? null;
}
