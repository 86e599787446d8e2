import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Why a session was deleted: its own retention ran out, or its member's account was deleted. */
export type DeletionReason = 'retention' | 'account_deleted';

/** One deleted session, as `deletion_log` keeps it after the session is gone (append-only). */
@Entity({ name: 'deletion_log' })
export class DeletionLogEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'session_id', type: 'uuid', unique: true })
  sessionId: string;

  @Column({ name: 'initiator_user_id', type: 'uuid' })
  initiatorUserId: string;

  @Column({ type: 'varchar', length: 20 })
  reason: DeletionReason;

  /** The recording objects deleted with the session. */
  @Column({ name: 'recording_objects', type: 'integer' })
  recordingObjects: number;

  @Column({ name: 'deleted_at', type: 'timestamptz' })
  deletedAt: Date;
}
