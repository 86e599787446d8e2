import { ApiException } from '@app/http';
import type { Role } from '../users/staff-roles';
import { admitStaff } from './staff-access';

function signedIn(role: Role) {
  return { id: '0b7c6a1e-3f4d-4c2b-9a8e-1d2f3a4b5c6d', role };
}

function refusal(run: () => unknown): { status: number; code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiException) return { status: error.getStatus(), code: error.code, message: error.message };
    throw error;
  }
  throw new Error('admitted');
}

describe('admitStaff', () => {
  it('admits a role the route names, as its user id and role only', () => {
    expect(admitStaff(signedIn('support'), ['support', 'admin'])).toEqual({
      userId: '0b7c6a1e-3f4d-4c2b-9a8e-1d2f3a4b5c6d',
      role: 'support',
    });
    expect(admitStaff(signedIn('admin'), ['admin'])).toEqual({
      userId: '0b7c6a1e-3f4d-4c2b-9a8e-1d2f3a4b5c6d',
      role: 'admin',
    });
  });

  it('answers 401 without a sign-in, whatever the route allows', () => {
    expect(refusal(() => admitStaff(null, ['support', 'admin']))).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: 'Not signed in',
    });
  });

  it('answers 403 role_required, naming the roles, for a signed-in user without one of them', () => {
    expect(refusal(() => admitStaff(signedIn('member'), ['support', 'admin']))).toEqual({
      status: 403,
      code: 'role_required',
      message: 'This requires the support or admin role',
    });
    expect(refusal(() => admitStaff(signedIn('support'), ['admin']))).toEqual({
      status: 403,
      code: 'role_required',
      message: 'This requires the admin role',
    });
  });
});
