import { API_ERRORS } from '@app/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { type Caller, InternalServiceProxy } from '../internal-services/internal-service.proxy';
import { partnerCredentialsOf } from './partner-credential-cookie';
import { recipientTokenOf } from './recipient-token';

export type { Caller, ForwardTarget, UpstreamAnswer } from '../internal-services/internal-service.proxy';

/**
 * The gateway's only way into the consent service (the shared internal-service proxy at CONSENT_SERVICE_URL): a
 * partner's link token, from the X-Recipient-Token header or the link's `token` parameter, and the partner
 * credentials the browser holds (their cookies) are passed on as well.
 */
@Injectable()
export class ConsentServiceProxy extends InternalServiceProxy {
  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    super({
      name: 'consent service',
      baseUrl: config.CONSENT_SERVICE_URL,
      token: config.INTERNAL_SERVICE_TOKEN,
      unavailable: API_ERRORS.consentServiceUnavailable,
    });
  }

  protected override callerOf(request: Request, actorUserId: string | null): Caller {
    return {
      ...super.callerOf(request, actorUserId),
      recipientToken: recipientTokenOf(request),
      partnerCredentials: partnerCredentialsOf(request),
    };
  }
}
