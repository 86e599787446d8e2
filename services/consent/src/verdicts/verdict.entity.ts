import type { NameCheck } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { VerdictOutcome } from '../session-records/session-rules';

/** A session's one verdict: what the judge concluded and why, or why no verdict could be reached (`failed`). */
@Entity({ name: 'verdicts' })
export class Verdict {
  @PrimaryColumn({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @Column({ name: 'video_asset_id', type: 'uuid', nullable: true })
  videoAssetId: string | null;

  @Column({ type: 'varchar', length: 10 })
  outcome: VerdictOutcome;

  @Column({ type: 'jsonb' })
  reasons: string[];

  /** What the recogniser heard; null when nothing was analysed (a refusal, a failure). */
  @Column({ type: 'text', nullable: true })
  transcript: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  recogniser: string | null;

  /** The name check beside the verdict (`NAME_CHECKS`); null when nothing was listened to, or stored before it existed. */
  @Column({ name: 'name_check', type: 'varchar', length: 16, nullable: true })
  nameCheck: NameCheck | null;

  /** When the partner had proved their phone, as it stood when the verdict was reached (null: not proved). */
  @Column({ name: 'phone_verified_at', type: 'timestamptz', nullable: true })
  phoneVerifiedAt: Date | null;

  @Column({ name: 'timings_ms', type: 'jsonb' })
  timingsMs: Record<string, number>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
