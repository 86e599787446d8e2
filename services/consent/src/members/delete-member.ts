import { UnitOfWork } from '@app/database';
import { Injectable, Logger } from '@nestjs/common';
import { VideoAssetsRepository } from '../recordings/video-assets.repository';
import { ConsentSessionsRepository } from '../sessions/consent-sessions.repository';
import { RecordingStorage } from '../storage/recording-storage';
import { TextMessagesRepository } from '../text-messages/text-messages.repository';

/** Objects deleted at once; each delete is one small request to the backend. */
const DELETE_CONCURRENCY = 8;
/** Attempts of the deleting transaction when Postgres breaks a deadlock or a serialization conflict by aborting it. */
const ATTEMPTS = 3;
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * A member's account deletion, the consent service's part (`DELETE /members/:userId`, called by the gateway's
 * scheduled deletion): every session the member initiated, with its recordings, verdict, texts and audit chain, and
 * the recordings' encrypted objects. Idempotent, and a re-run repairs a run that stopped half way:
 *
 * 1. The objects of the member's recordings are deleted first, listed from the rows that still name them: should the
 *    process die afterwards, the rows are still there and the next run lists and deletes the same keys again (a
 *    missing object is deleted successfully).
 * 2. Then, in one transaction, the sessions are locked (every change to a session takes its row lock first, so no
 *    recording can be stored in them from here on; their texts first, in the order the text sender locks them), their
 *    keys are listed again and the rows are deleted: the sessions, and by their foreign keys' cascade the video
 *    assets, verdicts, texts and audit rows. A transaction Postgres aborts as a deadlock's victim is run again.
 * 3. After commit, the keys listed under the lock are deleted again: a recording whose upload completed between 1 and
 *    2 is not left behind. An upload still under way when its asset row went fails to mark it stored and deletes its
 *    object itself (RecordingIntake).
 *
 * Logs ids and counts only.
 */
@Injectable()
export class DeleteMember {
  private readonly logger = new Logger(DeleteMember.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: ConsentSessionsRepository,
    private readonly assets: VideoAssetsRepository,
    private readonly storage: RecordingStorage,
    private readonly texts: TextMessagesRepository,
  ) {}

  async run(userId: string): Promise<{ sessions: number; objects: number }> {
    const before = await this.assets.storageKeysOfInitiator(userId);
    await this.deleteObjects(before);
    const { deleted, keys } = await this.deleteRows(userId);
    const listed = new Set(before);
    const late = keys.filter((key) => !listed.has(key));
    await this.deleteObjects(late);
    if (deleted || before.length || late.length) this.logger.log(`Member ${userId}: deleted ${deleted} sessions and ${before.length + late.length} recordings`);
    return { sessions: deleted, objects: before.length + late.length };
  }

  private async deleteRows(userId: string, attempt = 1): Promise<{ deleted: number; keys: string[] }> {
    try {
      return await this.unitOfWork.run(async (transaction) => {
        await this.texts.lockOfSessions(transaction, await this.sessions.idsOfInitiator(transaction, userId));
        const ids = await this.sessions.lockOfInitiator(transaction, userId);
        const keys = await this.assets.storageKeysOfInitiator(userId, transaction);
        return { deleted: await this.sessions.deleteWithEverything(transaction, ids), keys };
      });
    } catch (error) {
      const code = (error as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (error as { code?: string }).code;
      if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
      return this.deleteRows(userId, attempt + 1);
    }
  }

  private async deleteObjects(keys: string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += DELETE_CONCURRENCY) {
      await Promise.all(keys.slice(start, start + DELETE_CONCURRENCY).map((key) => this.storage.delete(key)));
    }
  }
}
