/** Every account's role, stored on the user row: `member` is everyone; `support` and `admin` are staff. */
export const ROLES = ['member', 'support', 'admin'] as const;

export type Role = (typeof ROLES)[number];

/** The staff roles, for routes open to every staff member. */
export const STAFF_ROLES = ['support', 'admin'] as const satisfies readonly Role[];

export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/** The one authorisation rule: a role may do what a route allows to that role by name, and nothing else. */
export function roleAllows(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}
