import { API_ERRORS } from '@app/contracts';
import { ApiException, WITHOUT_SERVICE_CREDENTIAL } from '@app/http';
import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';
import { CALLER_SERVICE, type InternalCaller } from './caller-service.decorator';
import { serviceCredentialMatcher } from './service-credential';

/**
 * Only the gateway and the media worker may call this service, each with its own X-Internal-Token and each only on
 * its own routes (`CallerService`). The gateway's credential is also what makes the caller-context headers it sets
 * trustworthy.
 */
@Injectable()
export class ServiceCredentialGuard implements CanActivate {
  private readonly matchers: Record<InternalCaller, (presented: unknown) => boolean>;

  constructor(
    private readonly reflector: Reflector,
    @Inject(CONSENT_CONFIG) config: ConsentConfig,
  ) {
    this.matchers = {
      gateway: serviceCredentialMatcher(config.INTERNAL_SERVICE_TOKEN),
      'media-worker': serviceCredentialMatcher(config.MEDIA_WORKER_TOKEN),
    };
  }

  canActivate(context: ExecutionContext): boolean {
    const exempt = this.reflector.getAllAndOverride<boolean>(WITHOUT_SERVICE_CREDENTIAL, [context.getHandler(), context.getClass()]);
    if (exempt) return true;
    const caller = this.reflector.getAllAndOverride<InternalCaller | undefined>(CALLER_SERVICE, [context.getHandler(), context.getClass()]);
    const presented = context.switchToHttp().getRequest<Request>().headers['x-internal-token'];
    if (!this.matchers[caller ?? 'gateway'](presented)) {
      throw new ApiException(API_ERRORS.serviceCredential);
    }
    return true;
  }
}
