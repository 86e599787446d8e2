import { API_ERRORS, type VerifyPaymentResponse } from '@app/contracts';
import { ApiException } from '@app/http';
import { Inject, Injectable } from '@nestjs/common';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider';
import { memberLifecycle } from '../subscriptions/lifecycle';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';
import { OneLiveSubscription } from './one-live-subscription';
import { RecordSubscription } from './record-subscription';

/**
 * verify-payment: reads the member's checkout (the one named, else their latest) from the provider, records what it
 * learns exactly as its event would (a completed checkout links its subscription, re-read; one live subscription per
 * member), and answers the member's status in the app's terms. A checkout that is not the member's is the unknown checkout's 404.
 */
@Injectable()
export class VerifyPayment {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly checkouts: CheckoutSessionsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly record: RecordSubscription,
    private readonly oneLive: OneLiveSubscription,
  ) {}

  async verify(userId: string, checkoutId: string | undefined): Promise<VerifyPaymentResponse> {
    const checkout = checkoutId
      ? await this.checkouts.ofUser(userId, checkoutId)
      : await this.checkouts.latestOfUser(userId);
    if (checkoutId && !checkout) throw new ApiException(API_ERRORS.checkoutNotFound);
    if (checkout) await this.record.checkout(await this.provider.retrieveCheckout(checkout.id), userId);
    await this.oneLive.settle(userId);
    const current = await this.subscriptions.currentOf(userId);
    return { subscriptionStatus: memberLifecycle(current, new Date()).subscriptionStatus };
  }
}
