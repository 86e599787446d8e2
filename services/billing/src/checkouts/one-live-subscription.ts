import { type Transaction, UnitOfWork } from '@app/database';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { BillingAuditRepository } from '../audit/billing-audit.repository';
import { type CheckoutState, PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider';
import { oneLiveSubscription } from '../subscriptions/lifecycle';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';
import { RecordSubscription } from './record-subscription';

/**
 * One live subscription per member, held after every recorded payment under the member's lock: once the member has a
 * live subscription, their other open checkouts are expired at the provider (so they can no longer be paid), and a
 * second live subscription that was paid all the same (two checkouts paid at once) is refunded in full and ended, the
 * first one kept. Each step is audited and safe to repeat (an event's retry runs it again).
 */
@Injectable()
export class OneLiveSubscription {
  private readonly logger = new Logger(OneLiveSubscription.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly unitOfWork: UnitOfWork,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly checkouts: CheckoutSessionsRepository,
    private readonly record: RecordSubscription,
    private readonly audit: BillingAuditRepository,
  ) {}

  /** Answers the ids of the subscriptions refunded now (their payment must not count for anything). */
  async settle(userId: string): Promise<string[]> {
    return this.unitOfWork.run(async (transaction) => {
      await this.subscriptions.lockMember(transaction, userId);
      if (!oneLiveSubscription(await this.subscriptions.allOf(userId)).kept) return [];
      for (const open of await this.checkouts.openOfUser(userId))
        await this.expireCheckout(transaction, userId, open.id, 'subscribed');
      // Expiring may have found a checkout paid meanwhile, now recorded: read them again.
      const { kept, duplicates } = oneLiveSubscription(await this.subscriptions.allOf(userId));
      for (const duplicate of duplicates) {
        const refunded = await this.provider.refundDuplicate(duplicate.providerSubscriptionId);
        await this.record.subscription(refunded, userId);
        await this.audit.record(transaction, {
          userId,
          action: 'duplicate_refunded',
          subject: duplicate.providerSubscriptionId,
          details: { kept: kept!.providerSubscriptionId },
        });
        this.logger.warn(
          `Member ${userId}: duplicate subscription ${duplicate.providerSubscriptionId} refunded and ended; ${kept!.providerSubscriptionId} kept`,
        );
      }
      return duplicates.map((duplicate) => duplicate.providerSubscriptionId);
    });
  }

  /**
   * Expires a checkout of the member's at the provider and records what it is afterwards (expired, or paid
   * meanwhile); an expiry is audited with its reason. Answers the checkout as recorded.
   */
  async expireCheckout(
    transaction: Transaction,
    userId: string,
    checkoutId: string,
    reason: 'subscribed' | 'replaced',
  ): Promise<CheckoutState> {
    const state = await this.provider.expireCheckout(checkoutId);
    await this.record.checkout(state, userId);
    if (state.status === 'expired')
      await this.audit.record(transaction, {
        userId,
        action: 'checkout_expired',
        subject: checkoutId,
        details: { reason },
      });
    return state;
  }
}
