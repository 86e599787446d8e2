import type { DeletionCount } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { Injectable, Logger } from '@nestjs/common';
import { MemberPhoneVerificationsRepository } from '../member-phones/member-phone-verifications.repository';
import { VideoAssetsRepository } from '../recordings/video-assets.repository';
import { SessionDeletion } from '../retention/session-deletion';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { TextMessagesRepository } from '../text-messages/text-messages.repository';

/**
 * A member's account deletion, the consent service's part (`DELETE /members/:userId`, called by the gateway's
 * scheduled deletion): the member's own phone code, and every session the member initiated, through `SessionDeletion` (objects first, then the rows,
 * each session logged as `account_deleted`). Idempotent, and a re-run repairs a run that stopped half way. Under the
 * lock it takes every session of the member, so one created meanwhile goes too. Logs ids and counts only.
 */
@Injectable()
export class DeleteMember {
  private readonly logger = new Logger(DeleteMember.name);

  constructor(
    private readonly deletion: SessionDeletion,
    private readonly sessions: ConsentSessionsRepository,
    private readonly assets: VideoAssetsRepository,
    private readonly texts: TextMessagesRepository,
    private readonly memberPhones: MemberPhoneVerificationsRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async run(userId: string): Promise<DeletionCount> {
    const deleted = await this.deletion.run({
      reason: 'account_deleted',
      storageKeys: () => this.assets.storageKeysOfInitiator(userId),
      lock: async (transaction) => {
        await this.texts.lockOfSessions(transaction, await this.sessions.idsOfInitiator(transaction, userId));
        return this.sessions.lockOfInitiator(transaction, userId);
      },
    });
    // The member's own phone code and its texts (no session holds them).
    await this.unitOfWork.run(async (transaction) => {
      await this.texts.deleteOfMember(transaction, userId);
      await this.memberPhones.deleteOf(transaction, userId);
    });
    if (deleted.sessions || deleted.objects)
      this.logger.log(`Member ${userId}: deleted ${deleted.sessions} sessions and ${deleted.objects} recordings`);
    return deleted;
  }
}
