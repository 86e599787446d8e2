import type { DeletionCount } from '@app/contracts';
import { type Transaction, UnitOfWork } from '@app/database';
import { Injectable } from '@nestjs/common';
import { VideoAssetsRepository } from '../recordings/video-assets.repository';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { RecordingStorage } from '../storage/recording-storage';
import { DeletionLogRepository } from './deletion-log.repository';
import type { DeletionReason } from './deletion-log-entry.entity';

/** Objects deleted at once; each delete is one small request to the backend. */
const DELETE_CONCURRENCY = 8;
/** Attempts of the deleting transaction when Postgres breaks a deadlock or a serialization conflict by aborting it. */
const ATTEMPTS = 3;
const RETRYABLE = new Set(['40P01', '40001']);

/** The sessions one deletion takes, read twice: without a lock (their objects go first), then locked. */
export interface SessionsToDelete {
  reason: DeletionReason;
  /** The storage keys of their recordings, read without a lock. */
  storageKeys(): Promise<string[]>;
  /**
   * Locks them until the transaction ends (their texts first, in the order the text sender takes them, then the
   * session rows in id order) and answers the ids of those still there.
   */
  lock(transaction: Transaction): Promise<string[]>;
}

/**
 * Deletes sessions with their recordings (rows and encrypted objects), verdicts, texts and audit chains, and records
 * each in `deletion_log`, which outlives them: the one way sessions are deleted, for the retention schedule and for an
 * account's deletion. Harmless twice or at once, and a re-run finishes a run that stopped half way:
 *
 * 1. The objects of their recordings are deleted first, listed from the rows that still name them: should the process
 *    die afterwards, the rows are still there and the next run lists and deletes the same keys again (a missing
 *    object is deleted successfully).
 * 2. Then, in one transaction, the sessions are locked (every change to a session takes its row lock first, so no
 *    recording can be stored in them from here on), their keys are listed again, the rows are deleted (video assets,
 *    verdicts, texts and audit rows by their foreign keys' cascade) and each deleted session is logged: a row exists
 *    exactly when its deletion committed, so a session deleted by two runs at once is deleted and logged once (the
 *    second finds it gone under the lock). A transaction Postgres aborts as a deadlock's victim is run again.
 * 3. After commit, the keys listed under the lock are deleted again: a recording whose upload completed between 1 and
 *    2 is not left behind. An upload still under way when its asset row went fails to mark it stored and deletes its
 *    object itself (RecordingIntake).
 */
@Injectable()
export class SessionDeletion {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: ConsentSessionsRepository,
    private readonly assets: VideoAssetsRepository,
    private readonly storage: RecordingStorage,
    private readonly log: DeletionLogRepository,
  ) {}

  async run(sessions: SessionsToDelete): Promise<DeletionCount> {
    const before = await sessions.storageKeys();
    await this.deleteObjects(before);
    const { deleted, keys } = await this.deleteRows(sessions);
    const listed = new Set(before);
    const late = keys.filter((key) => !listed.has(key));
    await this.deleteObjects(late);
    return { sessions: deleted, objects: before.length + late.length };
  }

  private async deleteRows(sessions: SessionsToDelete, attempt = 1): Promise<{ deleted: number; keys: string[] }> {
    try {
      return await this.unitOfWork.run(async (transaction) => {
        const ids = await sessions.lock(transaction);
        const keys = await this.assets.storageKeysOfSessions(ids, transaction);
        const deleted = await this.sessions.deleteWithEverything(transaction, ids);
        await this.log.record(
          transaction,
          sessions.reason,
          deleted.map(({ id, initiatorUserId }) => ({
            sessionId: id,
            initiatorUserId,
            recordingObjects: keys.filter((key) => key.sessionId === id).length,
          })),
        );
        return { deleted: deleted.length, keys: keys.map((key) => key.storageKey) };
      });
    } catch (error) {
      const code =
        (error as { driverError?: { code?: string }; code?: string }).driverError?.code ??
        (error as { code?: string }).code;
      if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
      return this.deleteRows(sessions, attempt + 1);
    }
  }

  private async deleteObjects(keys: string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += DELETE_CONCURRENCY) {
      await Promise.all(keys.slice(start, start + DELETE_CONCURRENCY).map((key) => this.storage.delete(key)));
    }
  }
}
