import { type JobPayload, JobQueues, JOBS } from '@app/queue';
import { Injectable } from '@nestjs/common';
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
export class AccountUpdates {
  constructor(
    private readonly jobs: JobQueues,
    private readonly subscriptions: SubscriptionsRepository,
  ) {}

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
    await this.jobs.enqueue(JOBS.applySubscriptionChange, payload);
    return payload;
  }
}
