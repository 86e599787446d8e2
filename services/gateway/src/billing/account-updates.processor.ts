import { assertOneHandlerPerJob, createWorker, JOBS, type JobPayload, QUEUES, queueWiringFromUrl } from '@app/queue';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { IDENTITY_SCHEMA } from '../database/identity-data-source';

/** One small UPDATE each. */
const CONCURRENCY = 4;

/** What applying a change did: stored, ignored as older than what is stored, or no such user (deleted). */
export type AppliedChange = 'applied' | 'stale' | 'unknown_user';

/**
 * Consumes `apply-subscription-change` (queue account-updates, published by the billing service): keeps the member's
 * `subscription_status` and `account_deletion_date`, which `/api/auth/me`, the gate and session creation read from
 * the user row. Jobs may arrive out of order or twice: a change is stored only if its `changedAt` (the provider's
 * time) is newer than the last one stored, in one conditional UPDATE, so two workers cannot interleave either.
 */
@Injectable()
export class AccountUpdatesProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AccountUpdatesProcessor.name);
  private worker?: Worker;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly dataSource: DataSource,
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

  async apply({ userId, subscriptionStatus, accountDeletionDate, changedAt }: JobPayload<typeof JOBS.applySubscriptionChange>): Promise<AppliedChange> {
    const updated: unknown[] = await this.dataSource.query(
      `UPDATE ${IDENTITY_SCHEMA}.users
          SET subscription_status = $2, account_deletion_date = $3, subscription_changed_at = $4, updated_at = now()
        WHERE id = $1 AND (subscription_changed_at IS NULL OR subscription_changed_at < $4)
        RETURNING id`,
      [userId, subscriptionStatus, accountDeletionDate, changedAt],
    );
    // TypeORM answers an UPDATE ... RETURNING as [rows, count].
    const rows = Array.isArray(updated[0]) ? (updated[0] as unknown[]) : updated;
    if (rows.length) return 'applied';
    const [exists] = await this.dataSource.query(`SELECT 1 FROM ${IDENTITY_SCHEMA}.users WHERE id = $1`, [userId]);
    if (exists) return 'stale';
    this.logger.warn(`subscription change for unknown user ${userId} ignored`);
    return 'unknown_user';
  }
}
