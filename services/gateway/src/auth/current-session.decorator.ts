import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthenticatedRequestUser } from './jwt.strategy';

/** The signed-in user and session that the route's guard attached to the request (`PollingMember` for the poll's). */
export const CurrentSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedRequestUser =>
    context.switchToHttp().getRequest<Request & { user: AuthenticatedRequestUser }>().user,
);
