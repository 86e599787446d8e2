import { type JobPayload, JOBS, OnJob } from '@app/queue';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { OneLiveSubscription } from '../checkouts/one-live-subscription';
import { RecordSubscription } from '../checkouts/record-subscription';
import {
  isPermanentProviderError,
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type SubscriptionState,
} from '../providers/payment-provider';
import { ReferralProgram } from '../referrals/referral-program';
import type { ProviderEventRecord } from './provider-event.entity';
import { ProviderEventsRepository } from './provider-events.repository';

/** Events that name a subscription whose state may have changed: it is re-read from the provider. */
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/**
 * The process-billing-event worker: one stored provider event. The event's own copy of the subscription is never
 * trusted: the subscription is re-read from the provider and stored only if newer, so events arriving late or out of
 * order cannot roll the state back. A completed checkout links its checkout, customer and subscription to the member.
 * The member's state is published, then the event is marked processed; a processed event is skipped. Any failure is
 * rethrown, so BullMQ retries it (5 attempts, exponential backoff), unless the provider refused for good.
 */
@Injectable()
export class ProcessBillingEventProcessor {
  private readonly logger = new Logger(ProcessBillingEventProcessor.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly events: ProviderEventsRepository,
    private readonly record: RecordSubscription,
    private readonly referrals: ReferralProgram,
    private readonly oneLive: OneLiveSubscription,
  ) {}

  @OnJob(JOBS.processBillingEvent)
  async process({ eventId }: JobPayload<typeof JOBS.processBillingEvent>): Promise<void> {
    const event = await this.events.get(eventId);
    if (!event || event.processedAt) return;
    // A provider refusal that can never pass (an unknown subscription, an invalid request) is not retried.
    await this.apply(event).catch((error: unknown) => {
      throw isPermanentProviderError(error) ? new UnrecoverableError(error.message) : error;
    });
    await this.events.markProcessed(event.id);
    this.logger.log(`Provider event ${event.type} ${event.id} processed`);
  }

  private async apply(event: ProviderEventRecord): Promise<void> {
    if (event.type === 'checkout.session.completed' && event.checkoutId) {
      const checkout = await this.provider.retrieveCheckout(event.checkoutId);
      const userId = await this.record.checkout(checkout, event.userId);
      if (userId && checkout.status === 'complete' && checkout.subscription)
        await this.paymentRecorded(userId, checkout.subscription);
    } else if (SUBSCRIPTION_EVENTS.has(event.type) && event.subscriptionId) {
      const subscription = await this.provider.retrieveSubscription(event.subscriptionId);
      const userId = await this.record.subscription(subscription, event.userId);
      if (userId) await this.paymentRecorded(userId, subscription);
    }
    // Any other event is kept for the record and changes nothing.
  }

  /**
   * One live subscription per member (a duplicate is refunded), then a paid subscription counts the member's
   * referral (once) and carries an earned reward; a refunded one counts for nothing.
   */
  private async paymentRecorded(userId: string, subscription: SubscriptionState): Promise<void> {
    const refunded = await this.oneLive.settle(userId);
    if (!refunded.includes(subscription.subscriptionId)) await this.referrals.paymentRecorded(userId, subscription);
  }
}
