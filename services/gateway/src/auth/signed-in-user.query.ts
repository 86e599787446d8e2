import { queryPrepared, PreparedStatement } from '@app/database';
import type { DataSource } from 'typeorm';
import { IDENTITY_SCHEMA } from '../database/identity-data-source';
import { User } from '../users/user.entity';
import type { TokenClaims } from './auth.service';
import type { SignInFacts } from './live-sign-ins/live-sign-in.store';

/** A sign-in ($1) of a user ($2) that is live: not revoked, not expired, its account not past its deletion date. */
const LIVE_SIGN_IN = `FROM ${IDENTITY_SCHEMA}.auth_sessions s
           JOIN ${IDENTITY_SCHEMA}.users u ON u.id = s.user_id
          WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()
            AND (u.account_deletion_date IS NULL OR u.account_deletion_date > now())`;

/** Every column of User under its property name, so a row becomes the entity as it is. */
const SIGNED_IN_USER: PreparedStatement = {
  name: 'identity.signed-in-user',
  text: `SELECT u.id, u.email, u.password_hash AS "passwordHash", u.full_name AS "fullName", u.phone_number AS "phoneNumber", u.phone_verified_at AS "phoneVerifiedAt",
                u.profile_picture_key AS "profilePictureKey", u.subscription_status AS "subscriptionStatus",
                u.account_deletion_date AS "accountDeletionDate", u.role,
                u.subscription_changed_at AS "subscriptionChangedAt", u.created_at AS "createdAt", u.updated_at AS "updatedAt"
           ${LIVE_SIGN_IN}`,
};

const SIGN_IN_FACTS: PreparedStatement = {
  name: 'identity.sign-in-facts',
  text: `SELECT s.user_id AS "userId", s.expires_at AS "expiresAt", u.account_deletion_date AS "accountDeletionDate" ${LIVE_SIGN_IN}`,
};

/**
 * The user behind a token's claims while its sign-in is live (not revoked, not expired) and the account is not past
 * its deletion date (the deletion job may not have reached it yet), else null: asked of the database on every
 * authenticated request, so a logout takes effect at once, in one round trip.
 */
export async function signedInUser(dataSource: DataSource, claims: TokenClaims): Promise<User | null> {
  const [row] = await queryPrepared<Partial<User>>(dataSource, SIGNED_IN_USER, [claims.sid, claims.sub]);
  return row ? Object.assign(new User(), row) : null;
}

/** What decides until when a live sign-in stays live (the live sign-ins' read model stores it), else null. */
export async function liveSignInFacts(dataSource: DataSource, claims: TokenClaims): Promise<SignInFacts | null> {
  const [row] = await queryPrepared<SignInFacts>(dataSource, SIGN_IN_FACTS, [claims.sid, claims.sub]);
  return row ?? null;
}
