import { ExecutionContext, Injectable, mixin, type CanActivate, type Type } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { sessionTokenOf } from './jwt.strategy';

/**
 * For calls open to the partner, who has no account: a valid sign-in identifies the member, and its absence (or an
 * invalid token) simply leaves the request anonymous instead of refusing it. `strategy` checks the sign-in.
 */
interface OptionalGuard extends CanActivate {
  handleRequest<T>(error: unknown, principal: T | false): T | null;
}

function optionalAuthGuard(strategy: 'jwt' | 'jwt-poll'): Type<OptionalGuard> {
  @Injectable()
  class OptionalAuthGuard extends AuthGuard(strategy) {
    /** No token at all (every partner's poll): anonymous at once, without passport building an error to discard. */
    canActivate(context: ExecutionContext): Promise<boolean> | boolean {
      const request = context.switchToHttp().getRequest<Request>();
      if (sessionTokenOf(request)) return super.canActivate(context) as Promise<boolean>;
      Object.assign(request, { user: null });
      return true;
    }

    /** An error while checking the sign-in (Postgres away) is no invalid token: it fails the request, as JwtAuthGuard's does. */
    handleRequest<T>(error: unknown, principal: T | false): T | null {
      if (error) throw error;
      return principal || null;
    }
  }
  return mixin(OptionalAuthGuard);
}

/** The signed-in member as `JwtStrategy` finds them (the user's row), or null. */
export const OptionalJwtAuthGuard = optionalAuthGuard('jwt');
/** The signed-in member's id as `PollingJwtStrategy` finds it, or null: for the poll. */
export const OptionalPollingAuthGuard = optionalAuthGuard('jwt-poll');
