import type { HeldDiscardReason, NameCheck } from '@app/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { VerdictOutcome } from '../session-records/session-rules';

/** `analysing` -> `held` (its result in) -> `answered` (Yes or No pressed with it) or `discarded`. */
export type HeldAnalysisState = 'analysing' | 'held' | 'answered' | 'discarded';

/**
 * A take analysed while its partner reviews it (`held-analysis-rules.ts`). Its result is nobody's to see: no session
 * state, push or view reads it until Yes publishes it as the attempt's. The name and what was heard are cleared when
 * the take is answered or discarded.
 */
@Entity({ name: 'held_analyses' })
export class HeldAnalysis {
  @PrimaryColumn({ name: 'video_asset_id', type: 'uuid' })
  videoAssetId: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @Column({ type: 'varchar', length: 10 })
  state: HeldAnalysisState;

  /** The name the take is heard against: the page's at the first answer, the stored one on a retake. */
  @Column({ name: 'typed_name', type: 'varchar', length: 200, nullable: true })
  typedName: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  outcome: VerdictOutcome | null;

  @Column({ type: 'jsonb', nullable: true })
  reasons: string[] | null;

  @Column({ type: 'text', nullable: true })
  transcript: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  recogniser: string | null;

  @Column({ name: 'name_check', type: 'varchar', length: 16, nullable: true })
  nameCheck: NameCheck | null;

  @Column({ name: 'timings_ms', type: 'jsonb', nullable: true })
  timingsMs: Record<string, number> | null;

  @Column({ name: 'discard_reason', type: 'varchar', length: 16, nullable: true })
  discardReason: HeldDiscardReason | null;

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;
}
