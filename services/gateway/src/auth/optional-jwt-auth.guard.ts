import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';

/**
 * For calls open to the partner, who has no account: a valid sign-in identifies the member, and its absence (or an
 * invalid token) simply leaves the request anonymous instead of refusing it.
 */
@Injectable()
export class OptionalJwtAuthGuard extends AuthGuard('jwt') {
  handleRequest<T>(_error: unknown, principal: T | false): T | null {
    return principal || null;
  }
}
