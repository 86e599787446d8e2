import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { SignInVerifier } from './sign-in-verifier';

/**
 * The poll's guard: the member (`SignInVerifier`, called directly: passport's wrapper cost the poll a share of its CPU)
 * or null on the request, never a refusal, since partners poll without an account. An error checking the sign-in
 * fails the request (the filter's 503).
 */
@Injectable()
export class OptionalPollingMemberGuard implements CanActivate {
  constructor(private readonly verifier: SignInVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    Object.assign(request, { user: await this.verifier.memberOf(request) });
    return true;
  }
}
