import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { JwtStrategy, sessionTokenOf, type AuthenticatedRequestUser } from '../auth/jwt.strategy';
import { verifySession } from '../auth/verify-session';
import { roleAllows, type Role } from './staff-roles';

/** The staff member a request was admitted as: who (user id only) and with which role, as the user row says now. */
export interface StaffMember {
  userId: string;
  role: Role;
}

/** A request through `StaffAccess`: the sign-in (as `JwtAuthGuard` leaves it) and the staff member. */
export type StaffRequest = Request & { user: AuthenticatedRequestUser; staff: StaffMember };

/** 401 without a live sign-in; 403 for a signed-in user whose role is not among `allowed`. */
export function admitStaff(signedIn: AuthenticatedRequestUser | null, allowed: readonly Role[]): StaffMember {
  if (!signedIn) throw new ApiException(API_ERRORS.notSignedIn);
  const { id: userId, role } = signedIn.user;
  if (!roleAllows(role, allowed)) throw new ApiException(API_ERRORS.roleRequired, `This requires the ${allowed.join(' or ')} role`);
  return { userId, role };
}

/**
 * Admits a request to a staff route, for the Nest guard (`@RequireRole`) and the Express-mounted job dashboard alike.
 * The sign-in is checked as for every API call (cookie or Bearer, not revoked, not expired), and the role comes with
 * it from the user row in that same query: a role granted or revoked takes effect on the next request.
 */
@Injectable()
export class StaffAccess {
  constructor(private readonly strategy: JwtStrategy) {}

  async admit(request: Request, allowed: readonly Role[]): Promise<StaffMember> {
    const signedIn = sessionTokenOf(request) ? await verifySession(this.strategy, request) : null;
    const staff = admitStaff(signedIn, allowed);
    Object.assign(request, { user: signedIn, staff });
    return staff;
  }
}
