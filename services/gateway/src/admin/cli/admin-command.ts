import { loginRequestSchema } from '@app/contracts';
import { isRole, type Role, ROLES } from '../../users/staff-roles';

/** What `npm run admin -- …` was asked to do: set an account's role (`revoke` sets it back to member). */
export type AdminCommand = { kind: 'set-role'; email: string; role: Role } | { kind: 'usage'; problem?: string };

export const USAGE = [
  'usage: npm run admin -- grant <email> <role>   give the account <role> (one of member, support, admin)',
  '       npm run admin -- revoke <email>         make the account a member again',
  '(in a container: node <gateway build>/admin-cli.js grant <email> <role>)',
].join('\n');

/** Reads the arguments; the e-mail is normalized as sign-in normalizes it, so it names the same account. */
export function parseAdminCommand(args: readonly string[]): AdminCommand {
  const [verb, rawEmail, rawRole, ...extra] = args;
  if (verb === undefined || verb === 'help' || verb === '--help' || verb === '-h') return { kind: 'usage' };
  if (verb !== 'grant' && verb !== 'revoke') return { kind: 'usage', problem: `unknown command "${verb}"` };
  const expected = verb === 'grant' ? 2 : 1;
  if (args.length - 1 !== expected || (verb === 'revoke' && rawRole !== undefined) || extra.length) {
    return { kind: 'usage', problem: `${verb} takes ${expected === 2 ? 'an e-mail and a role' : 'an e-mail'}` };
  }
  const email = loginRequestSchema.shape.username.safeParse(rawEmail);
  if (!email.success) return { kind: 'usage', problem: `"${rawEmail}" is not an e-mail address` };
  if (verb === 'revoke') return { kind: 'set-role', email: email.data, role: 'member' };
  if (!isRole(rawRole)) return { kind: 'usage', problem: `unknown role "${rawRole}" (expected ${ROLES.join(', ')})` };
  return { kind: 'set-role', email: email.data, role: rawRole };
}
