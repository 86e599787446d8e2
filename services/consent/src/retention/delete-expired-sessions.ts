import { type DeletionCount, type ExpiredSessionsRequest, isRecordDue } from '@app/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { VideoAssetsRepository } from '../recordings/video-assets.repository';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { TextMessagesRepository } from '../text-messages/text-messages.repository';
import { SessionDeletion } from './session-deletion';

/**
 * The retention schedule's deletions (`POST /retention/expired-sessions`, called by the gateway's scheduled job with
 * members whose subscription has lapsed): each session whose `deleteAfterDays` have passed since its member's lapse
 * (`isRecordDue`, libs/contracts) is deleted through `SessionDeletion` and logged as `retention`. The gateway sends
 * only members who are still lapsed, so a member who paid again is never asked about. Logs counts only.
 */
@Injectable()
export class DeleteExpiredSessions {
  private readonly logger = new Logger(DeleteExpiredSessions.name);

  constructor(
    private readonly deletion: SessionDeletion,
    private readonly sessions: ConsentSessionsRepository,
    private readonly assets: VideoAssetsRepository,
    private readonly texts: TextMessagesRepository,
  ) {}

  async run({ members }: ExpiredSessionsRequest): Promise<DeletionCount> {
    const now = new Date();
    const lapses = new Map(members.map(({ userId, lapsedAt }) => [userId, new Date(lapsedAt)]));
    const due = (await this.sessions.retentionOfInitiators([...lapses.keys()]))
      .filter(({ initiatorUserId, deleteAfterDays }) => isRecordDue(lapses.get(initiatorUserId)!, deleteAfterDays, now))
      .map(({ id }) => id);
    if (!due.length) return { sessions: 0, objects: 0 };
    const deleted = await this.deletion.run({
      reason: 'retention',
      storageKeys: async () => (await this.assets.storageKeysOfSessions(due)).map(({ storageKey }) => storageKey),
      lock: async (transaction) => {
        await this.texts.lockOfSessions(transaction, due);
        return this.sessions.lockOf(transaction, due);
      },
    });
    if (deleted.sessions)
      this.logger.log(`Retention: deleted ${deleted.sessions} sessions and ${deleted.objects} recordings`);
    return deleted;
  }
}
