import { isUuid } from '@app/contracts';
import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { ConsentSession } from '../session-records/consent-session.entity';
import { VideoAsset } from './video-asset.entity';

/** What the inspector found in a recording's bytes, kept with its asset once it is stored. */
export interface StoredContent {
  mimeType: string;
  size: number;
  sha256: string;
}

/** The queries of `video_assets`. */
@Injectable()
export class VideoAssetsRepository {
  constructor(private readonly dataSource: DataSource) {}

  countOfSession(transaction: Transaction, sessionId: string): Promise<number> {
    return transaction.countBy(VideoAsset, { sessionId });
  }

  insert(transaction: Transaction, fields: Partial<VideoAsset>): Promise<VideoAsset> {
    return transaction.save(transaction.create(VideoAsset, fields));
  }

  /** An asset of this session, or null (also for an id that is not a uuid). */
  async findOfSession(sessionId: string, assetId: unknown, transaction?: Transaction): Promise<VideoAsset | null> {
    if (!isUuid(assetId)) return null;
    return (transaction ?? this.dataSource.manager).findOneBy(VideoAsset, { id: assetId, sessionId });
  }

  async isStored(id: string): Promise<boolean> {
    const asset = await this.dataSource.getRepository(VideoAsset).findOneBy({ id });
    return asset?.storedAt != null;
  }

  /**
   * Whether another session has stored a recording with this SHA-256. Takes a lock on the hash until the transaction
   * ends, so two sessions storing the same bytes at once are checked one after the other: the second sees the first.
   */
  async hashStoredElsewhere(transaction: Transaction, sha256: string, sessionId: string): Promise<boolean> {
    await transaction.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`recording-sha256:${sha256}`]);
    return transaction
      .createQueryBuilder(VideoAsset, 'asset')
      .where('asset.sha256 = :sha256 AND asset.stored_at IS NOT NULL AND asset.session_id <> :sessionId', {
        sha256,
        sessionId,
      })
      .getExists();
  }

  /** Marks an asset stored with what its bytes turned out to be; false when it already was (another upload won). */
  async markStored(transaction: Transaction, id: string, content: StoredContent): Promise<boolean> {
    const updated = await transaction
      .createQueryBuilder()
      .update(VideoAsset)
      .set({ mimeType: content.mimeType, fileSize: String(content.size), sha256: content.sha256, storedAt: new Date() })
      .where('id = :id AND stored_at IS NULL', { id })
      .execute();
    return Boolean(updated.affected);
  }

  /** The storage keys of a session's recordings. */
  async storageKeysOfSession(transaction: Transaction, sessionId: string): Promise<string[]> {
    const assets = await transaction.find(VideoAsset, { select: { storageKey: true }, where: { sessionId } });
    return assets.map((asset) => asset.storageKey);
  }

  /** The storage keys of these sessions' recordings, each with its session (in the transaction, when given one). */
  async storageKeysOfSessions(
    sessionIds: string[],
    transaction?: Transaction,
  ): Promise<{ sessionId: string; storageKey: string }[]> {
    if (!sessionIds.length) return [];
    const assets = await (transaction ?? this.dataSource.manager).find(VideoAsset, {
      select: { sessionId: true, storageKey: true },
      where: { sessionId: In(sessionIds) },
    });
    return assets.map(({ sessionId, storageKey }) => ({ sessionId, storageKey }));
  }

  /** The storage keys of every recording of the sessions a member initiated (in the transaction, when given one). */
  async storageKeysOfInitiator(userId: string, transaction?: Transaction): Promise<string[]> {
    const assets = this.dataSource.getMetadata(VideoAsset).tablePath;
    const sessions = this.dataSource.getMetadata(ConsentSession).tablePath;
    const rows = (await (transaction ?? this.dataSource.manager).query(
      `SELECT a.storage_key FROM ${assets} a JOIN ${sessions} s ON s.id = a.session_id WHERE s.initiator_user_id = $1`,
      [userId],
    )) as { storage_key: string }[];
    return rows.map((row) => row.storage_key);
  }
}
