import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { CurrentMember } from '../sign-ins/current-member.decorator';
import { SignInVerifier } from '../sign-ins/sign-in-verifier';
import { MemberAccounts } from '../users/member-accounts';
import { type Role, roleAllows } from '../users/staff-roles';
import type { User } from '../users/user.entity';

/** The staff member a request was admitted as: who (user id only) and with which role, as the user row says now. */
export interface StaffMember {
  userId: string;
  role: Role;
}

/** A request through `StaffAccess`: the member (as `JwtAuthGuard` leaves it) and the staff member. */
export type StaffRequest = Request & { user: CurrentMember; staff: StaffMember };

/** 401 without a signed-in account; 403 for a signed-in user whose role is not among `allowed`. */
export function admitStaff(account: Pick<User, 'id' | 'role'> | null, allowed: readonly Role[]): StaffMember {
  if (!account) throw new ApiException(API_ERRORS.notSignedIn);
  const { id: userId, role } = account;
  if (!roleAllows(role, allowed))
    throw new ApiException(API_ERRORS.roleRequired, `This requires the ${allowed.join(' or ')} role`);
  return { userId, role };
}

/**
 * Admits a request to a staff route, for the Nest guard (`@RequireRole`) and the Express-mounted job dashboard alike.
 * The sign-in is checked as for every API call (`SignInVerifier`: cookie or Bearer, not revoked, not expired), and the
 * role is read from the user row on every request: a role granted or revoked takes effect on the next one.
 */
@Injectable()
export class StaffAccess {
  constructor(
    private readonly verifier: SignInVerifier,
    private readonly accounts: MemberAccounts,
  ) {}

  async admit(request: Request, allowed: readonly Role[]): Promise<StaffMember> {
    const member = await this.verifier.memberOf(request);
    const staff = admitStaff(member && (await this.accounts.of(member.userId)), allowed);
    Object.assign(request, { user: member, staff });
    return staff;
  }
}
