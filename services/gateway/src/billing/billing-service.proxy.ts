import { API_ERRORS } from '@app/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { InternalServiceProxy } from '../internal-services/internal-service.proxy';

/**
 * The gateway's only way into the billing service (BILLING_SERVICE_URL): the shared internal-service proxy, with the
 * same credential (X-Internal-Token) and the member as X-Actor-User-Id; its answers are relayed unchanged.
 */
@Injectable()
export class BillingServiceProxy extends InternalServiceProxy {
  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    super({
      name: 'billing service',
      baseUrl: config.BILLING_SERVICE_URL,
      token: config.INTERNAL_SERVICE_TOKEN,
      unavailable: API_ERRORS.billingServiceUnavailable,
    });
  }
}
