import { isRole, roleAllows, ROLES, STAFF_ROLES } from './staff-roles';

describe('roles', () => {
  it('knows exactly member, support and admin', () => {
    expect(ROLES).toEqual(['member', 'support', 'admin']);
    expect(ROLES.every(isRole)).toBe(true);
    for (const value of ['Admin', 'owner', '', null, undefined, 1]) expect(isRole(value)).toBe(false);
  });

  it('lets a role through only where it is named: admin is not implied above support', () => {
    expect(roleAllows('support', STAFF_ROLES)).toBe(true);
    expect(roleAllows('admin', STAFF_ROLES)).toBe(true);
    expect(roleAllows('member', STAFF_ROLES)).toBe(false);
    expect(roleAllows('support', ['admin'])).toBe(false);
    expect(roleAllows('admin', ['support'])).toBe(false);
    expect(roleAllows('member', [])).toBe(false);
  });
});
