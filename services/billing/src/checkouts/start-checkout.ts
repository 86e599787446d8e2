import type { BillingCheckoutRequest, CreateSubscriptionResponse } from '@app/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { CustomersRepository } from '../customers/customers.repository';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider';
import { memberLifecycle } from '../subscriptions/lifecycle';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';

/** The provider's placeholder in the success address, replaced by the checkout's id on the way back. */
export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/**
 * create-subscription: `{status: 'active'}` for a member whose subscription is active, else a new checkout at the
 * provider in subscription mode (returning to `/success?session_id=...` or `/cancel` on the app's origin), recorded as
 * the member's so verify-payment reads only their own.
 */
@Injectable()
export class StartCheckout {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly customers: CustomersRepository,
    private readonly checkouts: CheckoutSessionsRepository,
  ) {}

  async start(userId: string, request: BillingCheckoutRequest): Promise<CreateSubscriptionResponse> {
    const current = await this.subscriptions.currentOf(userId);
    if (memberLifecycle(current, new Date()).subscriptionStatus === 'active') return { status: 'active' };
    const origin = request.origin.replace(/\/$/, '');
    const customer = await this.customers.ofUser(userId);
    const { checkoutId, url } = await this.provider.createCheckout({
      userId,
      email: request.email,
      plan: request.plan,
      customerId: customer?.providerCustomerId ?? null,
      successUrl: `${origin}/success?session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`,
      cancelUrl: `${origin}/cancel`,
    });
    await this.checkouts.insert({ id: checkoutId, userId, plan: request.plan });
    return { sessionId: checkoutId, url };
  }
}
