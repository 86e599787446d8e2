import {
  type DeletionCount,
  deletionCountSchema,
  EXPIRED_SESSIONS_BATCH,
  lapseOf,
  latestDeletionDateWithRecordsDue,
} from '@app/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ConsentServiceProxy } from '../consent/consent-service.proxy';
import { MemberDeletionRefused } from './delete-due-accounts';
import { DueAccountsRepository } from './due-accounts.repository';

/**
 * The retention schedule's record deletions before an account is due (run by the `delete-due-accounts` job after the
 * accounts): every lapsed member who can have a record due (lapsed at least a day ago, account not yet due) is sent
 * with their lapse, in batches, to the consent service, which deletes and logs each session whose `deleteAfterDays`
 * have passed since then. The lapse is read back from the account's deletion date, which billing set from it with the
 * same schedule. Each batch is harmless twice or at once (the consent service deletes under the sessions' locks); a
 * batch the consent service does not answer fails the run, which BullMQ retries.
 */
@Injectable()
export class DeleteExpiredRecords {
  private readonly logger = new Logger(DeleteExpiredRecords.name);

  constructor(
    private readonly accounts: DueAccountsRepository,
    private readonly consent: ConsentServiceProxy,
  ) {}

  async run(): Promise<DeletionCount> {
    const total: DeletionCount = { sessions: 0, objects: 0 };
    const latest = latestDeletionDateWithRecordsDue(new Date());
    let after: string | null = null;
    for (;;) {
      const members = await this.accounts.lapsedAfter(after, latest, EXPIRED_SESSIONS_BATCH);
      if (!members.length) break;
      const deleted = await this.deleteDueRecords(members);
      total.sessions += deleted.sessions;
      total.objects += deleted.objects;
      after = members[members.length - 1].id;
    }
    if (total.sessions)
      this.logger.log(`Retention: ${total.sessions} sessions and ${total.objects} recordings deleted`);
    return total;
  }

  private async deleteDueRecords(members: { id: string; accountDeletionDate: Date }[]): Promise<DeletionCount> {
    const answer = await this.consent.postDeletion('/retention/expired-sessions', {
      members: members.map(({ id, accountDeletionDate }) => ({
        userId: id,
        lapsedAt: lapseOf(accountDeletionDate).toISOString(),
      })),
    });
    if (answer.status !== 200) throw new MemberDeletionRefused(`consent service answered ${answer.status}`);
    return deletionCountSchema.parse(JSON.parse(answer.body.toString()));
  }
}
