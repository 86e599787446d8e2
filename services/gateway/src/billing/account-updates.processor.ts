import { assertOneHandlerPerJob, createWorker, JOBS, type JobPayload, QUEUES, queueWiringFromUrl } from '@app/queue';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { UsersRepository, type AppliedChange } from '../users/users.repository';

/** One small UPDATE each. */
const CONCURRENCY = 4;

/**
 * Consumes `apply-subscription-change` (queue account-updates, published by the billing service): keeps the member's
 * `subscription_status` and `account_deletion_date`, which `/api/auth/me`, the gate and session creation read from
 * the user row. Jobs may arrive out of order or twice: a change is stored only if its `changedAt` (the provider's
 * time) is newer than the last one stored (`UsersRepository.applySubscriptionChange`).
 */
@Injectable()
export class AccountUpdatesProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AccountUpdatesProcessor.name);
  private worker?: Worker;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly users: UsersRepository,
  ) {}

  onApplicationBootstrap(): void {
    assertOneHandlerPerJob(QUEUES.accountUpdates, [JOBS.applySubscriptionChange]);
    const wiring = queueWiringFromUrl(this.config.REDIS_URL, this.config.REDIS_PREFIX);
    this.worker = createWorker(JOBS.applySubscriptionChange, async (payload) => void (await this.apply(payload)), wiring, { concurrency: CONCURRENCY });
    this.worker.on('error', (error) => this.logger.warn(`account-updates worker: ${error.message}`));
  }

  /** Before the application's connections close (onApplicationShutdown): no job is left half done. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }

  async apply(change: JobPayload<typeof JOBS.applySubscriptionChange>): Promise<AppliedChange> {
    const applied = await this.users.applySubscriptionChange(change);
    if (applied === 'unknown_user') this.logger.warn(`subscription change for unknown user ${change.userId} ignored`);
    return applied;
  }
}
