import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const AUDIT_EVENTS = [
  'session_created',
  'link_opened',
  'recording_stored',
  'decision_submitted',
  'status_changed',
  'verdict_stored',
  'analysis_failed',
  /** An unclear recording before the last attempt: the partner may record again (details: attempt, reasons). */
  'attempt_unclear',
  /** The partner withdrew their consent (details: via, receipt or link). */
  'consent_withdrawn',
  /** The partner's recordings were deleted at their request (details: assets, how many). */
  'recording_deleted',
  /** The partner's private safety answers before recording (details: freeToSayNo, clearHeaded); a No ends the session. */
  'safety_answers',
  /** A code texted to the partner's phone (details: send, the session's how-many-th; never the number or the code). */
  'phone_code_sent',
  /** A wrong code typed (details: try, of the current code). */
  'phone_code_wrong',
  /** The partner proved their phone (details: send, which code did it). */
  'phone_verified',
  /** A stored take's analysis started while the partner reviews it, its result held for their answer (details: videoAssetId). */
  'held_analysis_started',
  /** A held analysis dropped unpublished (details: videoAssetId, reason: one of HELD_DISCARD_REASONS). */
  'held_analysis_discarded',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

@Entity({ name: 'audit_log' })
export class AuditEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  /** Position in the session's chain, from 1. */
  @Column({ type: 'integer' })
  seq: number;

  @Column({ type: 'varchar', length: 40 })
  event: AuditEvent;

  @Column({ type: 'jsonb' })
  details: Record<string, string | number | boolean | null>;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 500, nullable: true })
  userAgent: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'prev_hash', type: 'char', length: 64 })
  prevHash: string;

  @Column({ name: 'row_hash', type: 'char', length: 64 })
  rowHash: string;
}
