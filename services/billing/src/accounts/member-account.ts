import { API_ERRORS, type BillingAccount } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { ApiException } from '@app/http';
import { Inject, Injectable } from '@nestjs/common';
import { BillingAuditRepository } from '../audit/billing-audit.repository';
import { RecordSubscription } from '../checkouts/record-subscription';
import { CustomersRepository } from '../customers/customers.repository';
import { isPermanentProviderError, PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider';
import { memberLifecycle, resumable } from '../subscriptions/lifecycle';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';

/**
 * The member's billing account (the Profile page): read it, cancel at period end or undo that, open the customer
 * portal. A cancellation and its undoing are audited.
 */
@Injectable()
export class MemberAccount {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly unitOfWork: UnitOfWork,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly customers: CustomersRepository,
    private readonly record: RecordSubscription,
    private readonly audit: BillingAuditRepository,
  ) {}

  async read(userId: string): Promise<BillingAccount> {
    const subscription = await this.subscriptions.currentOf(userId);
    const { subscriptionStatus, accountDeletionDate } = memberLifecycle(subscription, new Date());
    return {
      plan: subscription?.plan ?? null,
      subscriptionStatus,
      currentPeriodEnd: subscription?.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
      accountDeletionDate: accountDeletionDate?.toISOString() ?? null,
      provider: this.provider.name,
    };
  }

  /** Cancels the member's active subscription at the end of its period: still active until then. 409 without one. */
  async cancel(userId: string): Promise<BillingAccount> {
    const subscription = await this.subscriptions.currentOf(userId);
    if (!subscription || memberLifecycle(subscription, new Date()).subscriptionStatus !== 'active')
      throw new ApiException(API_ERRORS.noSubscription);
    await this.change(userId, subscription.providerSubscriptionId, true);
    return this.read(userId);
  }

  /**
   * Undoes a cancel at period end (Resume subscription): it renews again and nothing is to be deleted. 409
   * `nothing_to_resume` when the subscription is not cancelled at period end or its period is over.
   */
  async resume(userId: string): Promise<BillingAccount> {
    const subscription = await this.subscriptions.currentOf(userId);
    if (!subscription || !resumable(subscription, new Date())) throw new ApiException(API_ERRORS.nothingToResume);
    const subscriptionId = subscription.providerSubscriptionId;
    try {
      await this.change(userId, subscriptionId, false);
    } catch (error) {
      if (!isPermanentProviderError(error)) throw error;
      // The provider ended it before its event reached us (Stripe refuses to change a canceled subscription): the
      // record catches up, and there is nothing to resume.
      await this.record.subscription(await this.provider.retrieveSubscription(subscriptionId), userId);
      throw new ApiException(API_ERRORS.nothingToResume);
    }
    return this.read(userId);
  }

  /** The provider's portal (`local`: the app's TEST MODE portal page). 409 for a member who never paid. */
  async portal(userId: string, returnUrl: string): Promise<{ url: string }> {
    const customer = await this.customers.ofUser(userId);
    if (!customer) throw new ApiException(API_ERRORS.noSubscription);
    return { url: await this.provider.portalUrl(customer.providerCustomerId, returnUrl) };
  }

  private async change(userId: string, subscriptionId: string, cancel: boolean): Promise<void> {
    await this.record.subscription(await this.provider.setCancelAtPeriodEnd(subscriptionId, cancel), userId);
    await this.unitOfWork.run((transaction) =>
      this.audit.record(transaction, {
        userId,
        action: cancel ? 'subscription_cancelled' : 'subscription_resumed',
        subject: subscriptionId,
      }),
    );
  }
}
