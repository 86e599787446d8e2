import { type JobPayload, JOBS, OnJob } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';
import { LiveSignIns } from '../sign-ins/live-sign-ins/live-sign-ins';
import { type AppliedChange, UsersRepository } from '../users/users.repository';

/**
 * Consumes `apply-subscription-change` (queue account-updates, published by the billing service): keeps the member's
 * `subscription_status` and `account_deletion_date`, which `/api/auth/me`, the gate and session creation read from
 * the user row. Jobs may arrive out of order or twice: a change is stored only if its `changedAt` (the provider's
 * time) is newer than the last one stored (`UsersRepository.applySubscriptionChange`).
 */
@Injectable()
export class AccountUpdatesProcessor {
  private readonly logger = new Logger(AccountUpdatesProcessor.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly signIns: LiveSignIns,
  ) {}

  @OnJob(JOBS.applySubscriptionChange)
  async handle(change: JobPayload<typeof JOBS.applySubscriptionChange>): Promise<void> {
    await this.apply(change);
  }

  async apply(change: JobPayload<typeof JOBS.applySubscriptionChange>): Promise<AppliedChange> {
    // A deletion date can end the member's sign-ins when it comes: the polls' read model must not outlive it.
    const applied = await this.signIns.ending({ userId: change.userId }, () =>
      this.users.applySubscriptionChange(change),
    );
    if (applied === 'unknown_user') this.logger.warn(`subscription change for unknown user ${change.userId} ignored`);
    return applied;
  }
}
