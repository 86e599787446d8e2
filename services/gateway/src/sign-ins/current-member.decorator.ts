import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** Who a request, a socket or a poll is signed in as (`SignInVerifier`): the member and the sign-in, an `auth_sessions` row. */
export interface CurrentMember {
  userId: string;
  signInId: string;
}

/** The member the route's guard found (null on a route open to the partner when no member is signed in). */
export const CurrentMember = createParamDecorator(
  (_data: unknown, context: ExecutionContext): CurrentMember | null =>
    context.switchToHttp().getRequest<Request & { user?: CurrentMember | null }>().user ?? null,
);
