import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditEntry } from '../audit/audit-entry.entity';
import { VideoAsset } from '../recordings/video-asset.entity';
import type { AuditHead } from '../session-records/consent-sessions.repository';
import { Verdict } from '../verdicts/verdict.entity';

/** The reads certificates and their verification need beyond the other rooms' repositories. */
@Injectable()
export class CertificatesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The SHA-256 of a recording's original bytes; null when it has none (never stored) or is gone. */
  async sha256Of(transaction: Transaction, videoAssetId: string): Promise<string | null> {
    const asset = await transaction.findOne(VideoAsset, { select: { sha256: true }, where: { id: videoAssetId } });
    return asset?.sha256 ?? null;
  }

  /** Whether the session's audit chain still holds `head`'s row: a certificate issued at that head stays provable. */
  async chainHolds(sessionId: string, head: AuditHead): Promise<boolean> {
    return this.dataSource.getRepository(AuditEntry).existsBy({ sessionId, seq: head.seq, rowHash: head.hash });
  }

  /** Every session whose final verdict was given on a recording with this SHA-256, oldest verdict first. */
  async sessionsWithRecording(sha256: string): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT verdict.session_id FROM ${this.table(Verdict)} verdict
         JOIN ${this.table(VideoAsset)} asset ON asset.id = verdict.video_asset_id
        WHERE asset.sha256 = $1 AND asset.stored_at IS NOT NULL AND verdict.outcome <> 'failed'
        ORDER BY verdict.created_at, verdict.session_id`,
      [sha256],
    )) as { session_id: string }[];
    return rows.map((row) => row.session_id);
  }

  private table(entity: typeof Verdict | typeof VideoAsset): string {
    return this.dataSource.getMetadata(entity).tablePath;
  }
}
