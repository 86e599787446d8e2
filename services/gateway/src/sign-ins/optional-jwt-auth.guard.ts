import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { sessionTokenOf } from './session-token';

/**
 * For calls open to the partner, who has no account: a valid sign-in identifies the member, and its absence (or an
 * invalid token) simply leaves the request anonymous instead of refusing it.
 */
@Injectable()
export class OptionalJwtAuthGuard extends AuthGuard('jwt') {
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
