import { addJob, createQueue, JOBS, QUEUES, queueWiringFromUrl, type JobPayload } from '@app/queue';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { BILLING_CONFIG, BillingConfig } from '../config/billing-config.schema';
import { memberLifecycle } from './lifecycle';
import { SubscriptionsRepository } from './subscriptions.repository';

/**
 * Tells the gateway a member's subscription status and deletion date (`apply-subscription-change` on
 * `account-updates`), from the member's current subscription as recorded. `changedAt` is the provider's time of that
 * state and the job id is `<userId>.<changedAt ms>`, so each state is published once however often it is published
 * (an event, its replay and verify-payment all publish it); the gateway keeps the newest by `changedAt`. Ids, a
 * status and dates only: never an e-mail or a name.
 */
@Injectable()
export class AccountUpdates implements OnApplicationShutdown {
  private readonly logger = new Logger(AccountUpdates.name);
  readonly queue: Queue;

  constructor(
    @Inject(BILLING_CONFIG) config: BillingConfig,
    private readonly subscriptions: SubscriptionsRepository,
  ) {
    this.queue = createQueue(QUEUES.accountUpdates, queueWiringFromUrl(config.REDIS_URL, config.REDIS_PREFIX));
    this.queue.on('error', (error) => this.logger.warn(`account-updates queue: ${error.message}`));
  }

  /** Publishes the member's current state; throws when it could not be queued (the caller retries). */
  async publish(userId: string): Promise<JobPayload<typeof JOBS.applySubscriptionChange> | null> {
    const subscription = await this.subscriptions.currentOf(userId);
    if (!subscription) return null;
    const { subscriptionStatus, accountDeletionDate } = memberLifecycle(subscription, new Date());
    const changedAt = subscription.providerUpdatedAt;
    const payload = {
      version: 1 as const,
      userId,
      subscriptionStatus,
      accountDeletionDate: accountDeletionDate?.toISOString() ?? null,
      changedAt: changedAt.toISOString(),
    };
    await addJob(this.queue, JOBS.applySubscriptionChange, payload, { jobId: `${userId}.${changedAt.getTime()}` });
    return payload;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
