import type { User } from '@app/contracts';

/** The first name for greetings, falling back to the full name. */
export function displayName(user: Pick<User, 'fullName'>): string {
  return user.fullName.trim().split(/\s+/)[0] || user.fullName;
}
