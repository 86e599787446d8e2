import { UnitOfWork } from '@app/database';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CustomersRepository } from '../customers/customers.repository';
import { DeletedMembersRepository } from '../members/deleted-members.repository';
import {
  type CheckoutState,
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type SubscriptionState,
} from '../providers/payment-provider';
import { AccountUpdates } from '../subscriptions/account-updates';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';

/**
 * The one way billing records what it learns from the provider (an event, verify-payment, a cancellation): a
 * completed checkout links its customer and subscription to the member, a subscription's state is stored unless a
 * newer one is, and afterwards the member's state is published to the gateway. Running it twice with the same news
 * changes nothing and publishes the same job id.
 */
@Injectable()
export class RecordSubscription {
  private readonly logger = new Logger(RecordSubscription.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly unitOfWork: UnitOfWork,
    private readonly checkouts: CheckoutSessionsRepository,
    private readonly customers: CustomersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly accountUpdates: AccountUpdates,
    private readonly deletedMembers: DeletedMembersRepository,
  ) {}

  /**
   * A checkout as the provider now sees it. Its member is the one who started it here (else the provider's metadata).
   * Answers the member, or null when nobody can be named.
   */
  async checkout(checkout: CheckoutState, userIdHint: string | null = null): Promise<string | null> {
    const started = await this.checkouts.get(checkout.checkoutId);
    const userId = started?.userId ?? checkout.subscription?.userId ?? userIdHint;
    if (checkout.status === 'expired' && started) await this.checkouts.markExpired(started.id);
    const subscription = checkout.subscription;
    if (checkout.status !== 'complete' || !subscription || !userId) return userId;
    const recorded = await this.unitOfWork.run(async (transaction) => {
      // A member whose account was deleted gets nothing recorded again (news about them may still arrive).
      if (await this.deletedMembers.isDeleted(transaction, userId)) return false;
      if (started) await this.checkouts.markComplete(transaction, started.id, subscription.subscriptionId);
      await this.customers.link(transaction, {
        userId,
        provider: this.provider.name,
        providerCustomerId: checkout.customerId ?? subscription.customerId,
      });
      await this.subscriptions.upsert(transaction, userId, subscription);
      return true;
    });
    if (!recorded) return null;
    await this.accountUpdates.publish(userId);
    return userId;
  }

  /**
   * A subscription as the provider now sees it. Its member: whoever it is recorded for, else the customer's member,
   * else the provider's metadata or the event's. Answers the member, or null when nobody can be named (nothing stored).
   */
  async subscription(state: SubscriptionState, userIdHint: string | null = null): Promise<string | null> {
    const userId = await this.unitOfWork.run(async (transaction) => {
      const owner =
        (await this.subscriptions.userOf(transaction, state.subscriptionId)) ??
        (await this.customers.userOf(transaction, state.customerId)) ??
        state.userId ??
        userIdHint;
      if (!owner || (await this.deletedMembers.isDeleted(transaction, owner))) return null;
      // Events are processed concurrently: the subscription's event may come before its checkout's, so the customer
      // is linked here too (a no-op when it is already).
      await this.customers.link(transaction, {
        userId: owner,
        provider: this.provider.name,
        providerCustomerId: state.customerId,
      });
      await this.subscriptions.upsert(transaction, owner, state);
      return owner;
    });
    if (!userId) {
      this.logger.warn(`Subscription ${state.subscriptionId} names no member (or a deleted one): not recorded`);
      return null;
    }
    await this.accountUpdates.publish(userId);
    return userId;
  }
}
