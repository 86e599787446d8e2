import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { PollingMembers } from './polling-members';

/**
 * The poll's guard: the polling member (`PollingMembers`) or null on the request, never a refusal, since partners
 * poll without an account. An error checking the sign-in fails the request (the filter's 503).
 */
@Injectable()
export class OptionalPollingMemberGuard implements CanActivate {
  constructor(private readonly members: PollingMembers) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    Object.assign(request, { user: await this.members.of(request) });
    return true;
  }
}
