import { API_ERRORS } from '@app/contracts';
import { ApiException, WITHOUT_SERVICE_CREDENTIAL } from '@app/http';
import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';
import { serviceCredentialMatcher } from './service-credential';

/**
 * Only the gateway may call this service: it proves it with the shared X-Internal-Token, which is also what makes
 * the caller-context headers it sets trustworthy.
 */
@Injectable()
export class ServiceCredentialGuard implements CanActivate {
  private readonly matches: (presented: unknown) => boolean;

  constructor(
    private readonly reflector: Reflector,
    @Inject(CONSENT_CONFIG) config: ConsentConfig,
  ) {
    this.matches = serviceCredentialMatcher(config.INTERNAL_SERVICE_TOKEN);
  }

  canActivate(context: ExecutionContext): boolean {
    const exempt = this.reflector.getAllAndOverride<boolean>(WITHOUT_SERVICE_CREDENTIAL, [context.getHandler(), context.getClass()]);
    if (exempt) return true;
    const presented = context.switchToHttp().getRequest<Request>().headers['x-internal-token'];
    if (!this.matches(presented)) {
      throw new ApiException(API_ERRORS.serviceCredential);
    }
    return true;
  }
}
