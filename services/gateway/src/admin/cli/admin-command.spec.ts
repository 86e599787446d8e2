import { parseAdminCommand } from './admin-command';

describe('parseAdminCommand', () => {
  it('reads grant <email> <role>, normalizing the e-mail as sign-in does', () => {
    expect(parseAdminCommand(['grant', ' Ops@Example.TEST ', 'admin'])).toEqual({
      kind: 'set-role',
      email: 'ops@example.test',
      role: 'admin',
    });
    expect(parseAdminCommand(['grant', 'a@example.test', 'support'])).toEqual({
      kind: 'set-role',
      email: 'a@example.test',
      role: 'support',
    });
    expect(parseAdminCommand(['grant', 'a@example.test', 'member'])).toEqual({
      kind: 'set-role',
      email: 'a@example.test',
      role: 'member',
    });
  });

  it('reads revoke <email> as making the account a member', () => {
    expect(parseAdminCommand(['revoke', 'a@example.test'])).toEqual({
      kind: 'set-role',
      email: 'a@example.test',
      role: 'member',
    });
  });

  it('answers usage, with the problem, for anything else', () => {
    expect(parseAdminCommand([])).toEqual({ kind: 'usage' });
    expect(parseAdminCommand(['--help'])).toEqual({ kind: 'usage' });
    expect(parseAdminCommand(['promote', 'a@example.test'])).toEqual({
      kind: 'usage',
      problem: 'unknown command "promote"',
    });
    expect(parseAdminCommand(['grant', 'a@example.test'])).toEqual({
      kind: 'usage',
      problem: 'grant takes an e-mail and a role',
    });
    expect(parseAdminCommand(['grant', 'a@example.test', 'admin', 'x'])).toEqual({
      kind: 'usage',
      problem: 'grant takes an e-mail and a role',
    });
    expect(parseAdminCommand(['revoke', 'a@example.test', 'admin'])).toEqual({
      kind: 'usage',
      problem: 'revoke takes an e-mail',
    });
    expect(parseAdminCommand(['grant', 'not-an-email', 'admin'])).toEqual({
      kind: 'usage',
      problem: '"not-an-email" is not an e-mail address',
    });
    expect(parseAdminCommand(['grant', 'a@example.test', 'Admin'])).toEqual({
      kind: 'usage',
      problem: 'unknown role "Admin" (expected member, support, admin)',
    });
  });
});
