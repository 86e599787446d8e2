import { API_ERRORS } from '@app/contracts';
import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiException } from './api.exception';
import { serviceCredentialMatcher } from './service-credential';
import { WITHOUT_SERVICE_CREDENTIAL } from './without-service-credential.decorator';

/**
 * An internal service's credentials, by caller: each caller presents its own X-Internal-Token. `gateway` is required;
 * a service reached by other internal callers adds them (the consent service: `media-worker`).
 */
export type ServiceCredentials = { gateway: string } & Record<string, string>;

export const SERVICE_CREDENTIALS = Symbol('SERVICE_CREDENTIALS');

export const CALLER_SERVICE = 'callerService';

/** Least privilege between services: a controller or route marked for a caller takes that caller's credential only. */
export const CallerService = (caller: string) => SetMetadata(CALLER_SERVICE, caller);

/**
 * Every route of an internal service needs a caller's X-Internal-Token (compared in constant time): the gateway's,
 * unless the route is marked `CallerService(...)` for another caller. Health probes are exempt
 * (`WithoutServiceCredential`). The gateway's credential is also what makes the caller headers it sets
 * (X-Actor-User-Id, see `readActorUserId`) trustworthy.
 */
@Injectable()
export class ServiceCredentialGuard implements CanActivate {
  private readonly matchers: Record<string, (presented: unknown) => boolean>;

  constructor(
    private readonly reflector: Reflector,
    @Inject(SERVICE_CREDENTIALS) credentials: ServiceCredentials,
  ) {
    this.matchers = Object.fromEntries(
      Object.entries(credentials).map(([caller, token]) => [caller, serviceCredentialMatcher(token)]),
    );
  }

  canActivate(context: ExecutionContext): boolean {
    const exempt = this.reflector.getAllAndOverride<boolean>(WITHOUT_SERVICE_CREDENTIAL, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (exempt) return true;
    const caller =
      this.reflector.getAllAndOverride<string | undefined>(CALLER_SERVICE, [
        context.getHandler(),
        context.getClass(),
      ]) ?? 'gateway';
    const matches = this.matchers[caller];
    const presented = context.switchToHttp().getRequest<Request>().headers['x-internal-token'];
    if (!matches || !matches(presented)) throw new ApiException(API_ERRORS.serviceCredential);
    return true;
  }
}
