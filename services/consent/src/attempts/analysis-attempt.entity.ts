import type { NameCheck } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { VerdictOutcome } from '../session-records/session-rules';

/**
 * One analysed recording of a session: what the speech check concluded, why, and what it heard. A session's final
 * verdict is in `verdicts`; this is every attempt that led to it, the ones that only offered a retake included.
 */
@Entity({ name: 'analysis_attempts' })
export class AnalysisAttempt {
  @PrimaryColumn({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  /** 1 for the first recording submitted for analysis, up to MAX_RECORDING_ATTEMPTS. */
  @PrimaryColumn({ type: 'integer' })
  attempt: number;

  @Column({ name: 'video_asset_id', type: 'uuid', nullable: true })
  videoAssetId: string | null;

  @Column({ type: 'varchar', length: 10 })
  outcome: VerdictOutcome;

  @Column({ type: 'jsonb' })
  reasons: string[];

  /** What the recogniser heard; null when the analysis failed. Shown to the partner only, never to the member or support. */
  @Column({ type: 'text', nullable: true })
  transcript: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  recogniser: string | null;

  /** The name check beside the outcome (`NAME_CHECKS`); null when the analysis failed, or stored before it existed. */
  @Column({ name: 'name_check', type: 'varchar', length: 16, nullable: true })
  nameCheck: NameCheck | null;

  @Column({ name: 'timings_ms', type: 'jsonb' })
  timingsMs: Record<string, number>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
