import { PreparedStatement, queryPrepared, type Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { IDENTITY_SCHEMA } from '../database/identity-schema';
import { AuthSession } from './auth-session.entity';
import type { SignInFacts } from './live-sign-ins/live-sign-in.store';
import type { TokenClaims } from './session-token';

/** A sign-in ($1) of a user ($2) that is live: not revoked, not expired, its account not past its deletion date. */
const LIVE_FACTS: PreparedStatement = {
  name: 'identity.sign-in-facts',
  text: `SELECT s.user_id AS "userId", s.expires_at AS "expiresAt", u.account_deletion_date AS "accountDeletionDate"
           FROM ${IDENTITY_SCHEMA}.auth_sessions s
           JOIN ${IDENTITY_SCHEMA}.users u ON u.id = s.user_id
          WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()
            AND (u.account_deletion_date IS NULL OR u.account_deletion_date > now())`,
};

/**
 * Every query of `identity.auth_sessions`: one row per signed-in browser, named by its token. Revoking the row ends the
 * sign-in even though the token is still validly signed. Changes that end sign-ins go through `LiveSignIns.ending`.
 */
@Injectable()
export class AuthSessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A new sign-in of the user until `expiresAt`; in `transaction` when given (the account and its first sign-in together). */
  async open(userId: string, expiresAt: Date, transaction: Transaction = this.dataSource.manager): Promise<string> {
    const id = randomUUID();
    await transaction.insert(AuthSession, { id, userId, expiresAt });
    return id;
  }

  /** What decides until when a live sign-in stays live (the live sign-ins' read model stores it), else null. */
  async liveFacts(claims: TokenClaims): Promise<SignInFacts | null> {
    const [row] = await queryPrepared<SignInFacts>(this.dataSource, LIVE_FACTS, [claims.sid, claims.sub]);
    return row ?? null;
  }

  /** Ends one sign-in (a logout); a second revocation changes nothing. */
  async revoke(signInId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${IDENTITY_SCHEMA}.auth_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`,
      [signInId],
    );
  }

  /** Ends every sign-in of the account, committed at once (outside any transaction): refused from here on. */
  async revokeAllOf(userId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${IDENTITY_SCHEMA}.auth_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`,
      [userId],
    );
  }
}
