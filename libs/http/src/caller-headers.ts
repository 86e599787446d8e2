import { API_ERRORS, isUuid } from '@app/contracts';
import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiException } from './api.exception';

/** A header's one value; absent, empty or repeated is undefined. */
export function singleHeader(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * The signed-in member the gateway names in X-Actor-User-Id (lower-cased), or undefined when absent or not a uuid.
 * Trusted only because `ServiceCredentialGuard` has checked the gateway's credential first.
 */
export function readActorUserId(headers: IncomingHttpHeaders): string | undefined {
  const actor = singleHeader(headers['x-actor-user-id']);
  return isUuid(actor) ? actor.toLowerCase() : undefined;
}

/** A route parameter: the member calling (X-Actor-User-Id); a call without one is refused with 401. */
export const ActorUserId = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const actor = readActorUserId(context.switchToHttp().getRequest<Request>().headers);
  if (!actor) throw new ApiException(API_ERRORS.notSignedIn);
  return actor;
});
