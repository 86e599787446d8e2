import { JobQueues, JOBS, OnJob } from '@app/queue';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { DeleteDueAccounts } from './delete-due-accounts';
import { DeleteExpiredRecords } from './delete-expired-records';

/**
 * Enforces the retention schedule: runs `DeleteDueAccounts`, then `DeleteExpiredRecords`, every
 * ACCOUNT_DELETION_INTERVAL_MS: a BullMQ job scheduler (repeatable job
 * `delete-due-accounts` on `account-deletion`), upserted by every gateway instance at start (same id, so one schedule)
 * and consumed by the gateways themselves, one run at a time per instance. Each scheduled run is one job, taken by one
 * instance; runs that still overlap (a slow run, a retry) are harmless, as each account is claimed on its own and
 * each session deleted under its lock. A run in which an account or a batch of records failed fails as a whole, so
 * BullMQ runs it again after a backoff.
 */
@Injectable()
export class AccountDeletionSchedule implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AccountDeletionSchedule.name);
  private scheduled?: Promise<void>;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly jobs: JobQueues,
    private readonly deletion: DeleteDueAccounts,
    private readonly records: DeleteExpiredRecords,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduled = this.jobs
      .schedule(JOBS.deleteDueAccounts, this.config.ACCOUNT_DELETION_INTERVAL_MS, { version: 1 })
      .catch((error: Error) => this.logger.warn(`Scheduling the account deletion failed: ${error.message}`));
  }

  /** One run: the due accounts, then the due records of the accounts not yet due; throws when anything failed. */
  @OnJob(JOBS.deleteDueAccounts)
  async enforce(): Promise<void> {
    const pass = await this.deletion.run();
    await this.records.run();
    if (pass.failed) throw new Error(`${pass.failed} account deletions failed`);
  }

  /** The schedule is written (or has failed) before the queues close. */
  async onModuleDestroy(): Promise<void> {
    await this.scheduled;
  }
}
