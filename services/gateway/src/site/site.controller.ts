import { EARLY_PRICING_PLACES, type SiteFacts } from '@app/contracts';
import { Controller, Get, Inject } from '@nestjs/common';
import { PAYMENT_PATH_SEGMENT } from '../billing/payment-path';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { UsersRepository } from '../users/users.repository';

/** Facts the public pages show, so the landing page states what is true rather than a literal. */
@Controller('api/site')
export class SiteController {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly users: UsersRepository,
  ) {}

  @Get()
  async facts(): Promise<SiteFacts> {
    // Members are people with a live subscription: the ones the product actually protects. A place is taken by
    // subscribing, and stays taken after a lapse or a cancellation.
    const { active, everSubscribed } = await this.users.subscriptionCounts();
    return {
      memberCount: active,
      earlyPricingPlacesLeft: Math.max(0, EARLY_PRICING_PLACES - everSubscribed),
      supportEmail: this.config.SUPPORT_EMAIL,
      paymentProvider: PAYMENT_PATH_SEGMENT,
      paymentPublishableKey: this.config.STRIPE_PUBLISHABLE_KEY,
    };
  }
}
