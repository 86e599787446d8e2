import { postgresOptions } from '@app/database';
import { IDENTITY_SCHEMA } from './database/identity-schema';
import { CreateIdentity1763780000000 } from './migrations/1763780000000-create-identity';
import { SubscriptionChangedAt1765000000000 } from './migrations/1765000000000-subscription-changed-at';
import { AccountDeletionDue1765150000000 } from './migrations/1765150000000-account-deletion-due';
import { StaffRoles1765300000000 } from './migrations/1765300000000-staff-roles';
import { DeletionLog1765400000000 } from './migrations/1765400000000-deletion-log';
import { MemberPhoneVerified1766200000000 } from './migrations/1766200000000-member-phone-verified';
import { AuthSession } from './sign-ins/auth-session.entity';
import { User } from './users/user.entity';

/** The identity schema's entities and migrations, listed here where the app is composed, so no folder below imports them all. */
export function identityDataSourceOptions(databaseUrl: string) {
  return postgresOptions({
    url: databaseUrl,
    schema: IDENTITY_SCHEMA,
    entities: [User, AuthSession],
    migrations: [
      CreateIdentity1763780000000,
      SubscriptionChangedAt1765000000000,
      AccountDeletionDue1765150000000,
      StaffRoles1765300000000,
      DeletionLog1765400000000,
      MemberPhoneVerified1766200000000,
    ],
  });
}
