import { API_ERRORS, type BillingAccount } from '@app/contracts';
import { ApiException } from '@app/http';
import { Inject, Injectable } from '@nestjs/common';
import { CustomersRepository } from '../customers/customers.repository';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider';
import { memberLifecycle } from '../subscriptions/lifecycle';
import { RecordSubscription } from '../subscriptions/record-subscription';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';

/** The member's billing account (the Profile page): read it, cancel at period end, open the customer portal. */
@Injectable()
export class MemberAccount {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly customers: CustomersRepository,
    private readonly record: RecordSubscription,
  ) {}

  async read(userId: string): Promise<BillingAccount> {
    const subscription = await this.subscriptions.currentOf(userId);
    return {
      plan: subscription?.plan ?? null,
      subscriptionStatus: memberLifecycle(subscription, new Date()).subscriptionStatus,
      currentPeriodEnd: subscription?.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
      provider: this.provider.name,
    };
  }

  /** Cancels the member's active subscription at the end of its period: still active until then. 409 without one. */
  async cancel(userId: string): Promise<BillingAccount> {
    const subscription = await this.subscriptions.currentOf(userId);
    if (!subscription || memberLifecycle(subscription, new Date()).subscriptionStatus !== 'active') throw new ApiException(API_ERRORS.noSubscription);
    await this.record.subscription(await this.provider.cancelAtPeriodEnd(subscription.providerSubscriptionId), userId);
    return this.read(userId);
  }

  /** The provider's customer portal (`local`: the app's TEST MODE portal page). 409 for a member who never paid. */
  async portal(userId: string, returnUrl: string): Promise<{ url: string }> {
    const customer = await this.customers.ofUser(userId);
    if (!customer) throw new ApiException(API_ERRORS.noSubscription);
    return { url: await this.provider.portalUrl(customer.providerCustomerId, returnUrl) };
  }
}
