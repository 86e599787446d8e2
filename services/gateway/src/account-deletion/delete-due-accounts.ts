import { UnitOfWork } from '@app/database';
import { Injectable, Logger } from '@nestjs/common';
import { BillingServiceProxy } from '../billing/billing-service.proxy';
import { ConsentServiceProxy } from '../consent/consent-service.proxy';
import type { InternalServiceProxy } from '../internal-services/internal-service.proxy';
import { LiveUpdatesGateway } from '../live-updates/live-updates.gateway';
import { ProfilePicturesService } from '../profile-pictures/profile-pictures.service';
import { AuthSessionsRepository } from '../sign-ins/auth-sessions.repository';
import { LiveSignIns } from '../sign-ins/live-sign-ins/live-sign-ins';
import { DueAccountsRepository } from './due-accounts.repository';

/** Due accounts listed per query; each is then claimed and deleted on its own. */
const BATCH_SIZE = 50;

/** What one account's deletion came to: deleted here, or left alone (not due any more, gone, or another run's). */
export type AccountDeletionOutcome = 'deleted' | 'skipped';

export interface DeletionPass {
  deleted: number;
  skipped: number;
  /** Accounts whose deletion failed this time (a service did not answer 204): they stay due and the next run retries. */
  failed: number;
}

/** A service that did not confirm the member's deletion: nothing personal in the message, only the status. */
export class MemberDeletionRefused extends Error {}

/**
 * The scheduled account deletion (job `delete-due-accounts`): every account whose `account_deletion_date` has passed
 * (the retention schedule's date, set by billing: the lapse + 90 days) is deleted with everything it owns, in all three
 * services, and logged in `identity.deletion_log`.
 *
 * The due accounts are listed in batches (keyset by id); each is then claimed and deleted in a transaction of its own:
 * 1. claim: the user row `FOR UPDATE SKIP LOCKED`, still due. Another run (a second gateway instance, an overlapping
 *    run) skips an account being deleted and finds it gone once it is; a subscription change for it waits.
 * 2. revoke every sign-in at once (its own statement, committed now: the member's tokens are refused from here on,
 *    even should a later step fail), and close the member's open sockets;
 * 3. the consent service deletes the member's sessions with their recordings, verdicts, texts and audit chains, then
 *    the billing service its customers, subscriptions and checkouts: `DELETE /members/:id`, both idempotent, both
 *    must answer 204;
 * 4. the profile picture's object (deleting a missing object succeeds);
 * 5. last, the user row (its sign-ins go with it, ON DELETE CASCADE) and its `deletion_log` row (user id, due and
 *    deletion times), committed with the claim. Its e-mail is free to register again.
 * Any failure rolls the claim back: the account stays due and the next run repeats every step, each harmless twice.
 * Logs name user ids only.
 */
@Injectable()
export class DeleteDueAccounts {
  private readonly logger = new Logger(DeleteDueAccounts.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly accounts: DueAccountsRepository,
    private readonly sessions: AuthSessionsRepository,
    private readonly consent: ConsentServiceProxy,
    private readonly billing: BillingServiceProxy,
    private readonly pictures: ProfilePicturesService,
    private readonly live: LiveUpdatesGateway,
    private readonly signIns: LiveSignIns,
  ) {}

  async run(): Promise<DeletionPass> {
    const pass: DeletionPass = { deleted: 0, skipped: 0, failed: 0 };
    let after: string | null = null;
    for (;;) {
      const ids = await this.accounts.dueAfter(after, BATCH_SIZE);
      if (!ids.length) break;
      for (const userId of ids) {
        try {
          pass[await this.deleteAccount(userId)] += 1;
        } catch (error) {
          pass.failed += 1;
          this.logger.warn(`Account ${userId}: deletion failed, retried by the next run: ${reason(error)}`);
        }
      }
      after = ids[ids.length - 1];
    }
    if (pass.deleted || pass.failed)
      this.logger.log(`Account deletion: ${pass.deleted} deleted, ${pass.failed} failed, ${pass.skipped} skipped`);
    return pass;
  }

  /** One account, if it is (still) due and no other run holds it. */
  deleteAccount(userId: string): Promise<AccountDeletionOutcome> {
    return this.unitOfWork.run(async (transaction) => {
      const claimed = await this.accounts.claim(transaction, userId);
      if (!claimed) return 'skipped';
      await this.signIns.ending({ userId }, () => this.sessions.revokeAllOf(userId));
      this.live.closeMember(userId);
      await this.deleteIn(this.consent, 'consent service', userId);
      await this.deleteIn(this.billing, 'billing service', userId);
      if (claimed.profilePictureKey) await this.pictures.remove(claimed.profilePictureKey);
      await this.accounts.delete(transaction, userId, claimed.accountDeletionDate);
      this.logger.log(`Account ${userId}: deleted`);
      return 'deleted';
    });
  }

  private async deleteIn(service: InternalServiceProxy, name: string, userId: string): Promise<void> {
    const answer = await service.delete(`/members/${userId}`);
    if (answer.status !== 204) throw new MemberDeletionRefused(`${name} answered ${answer.status}`);
  }
}

function reason(error: unknown): string {
  if (error instanceof MemberDeletionRefused) return error.message;
  const { code, message } = error as NodeJS.ErrnoException;
  return code ?? message ?? String(error);
}
