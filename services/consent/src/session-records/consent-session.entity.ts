import type { AiVerdict, ConsentStatus } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'consent_sessions' })
export class ConsentSession {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'qr_code_id', type: 'varchar', length: 64, unique: true })
  qrCodeId: string;

  /** The gateway's user id, held by value: no foreign key crosses into another service's schema. */
  @Column({ name: 'initiator_user_id', type: 'uuid' })
  initiatorUserId: string;

  @Column({ name: 'initiator_full_name', type: 'varchar', length: 200 })
  initiatorFullName: string;

  @Column({ name: 'initiator_picture_url', type: 'varchar', length: 300, nullable: true })
  initiatorPictureUrl: string | null;

  /** The member's phone, for their confirmation text only: never answered by any route. */
  @Column({ name: 'initiator_phone', type: 'varchar', length: 32, nullable: true })
  initiatorPhone: string | null;

  @Column({ name: 'recipient_token_hash', type: 'bytea', select: false })
  recipientTokenHash: Buffer;

  /** The credential of the browser that proved the partner's phone (its SHA-256): from then on it alone acts as the partner. */
  @Column({ name: 'partner_credential_hash', type: 'bytea', nullable: true, select: false })
  partnerCredentialHash: Buffer | null;

  @Column({ name: 'verified_over_18', type: 'boolean', default: false })
  verifiedOver18: boolean;

  @Column({ name: 'recipient_full_name', type: 'varchar', length: 200, nullable: true })
  recipientFullName: string | null;

  @Column({ name: 'recipient_phone', type: 'varchar', length: 32, nullable: true })
  recipientPhone: string | null;

  @Column({ name: 'consent_status', type: 'varchar', length: 10, default: 'pending' })
  consentStatus: ConsentStatus;

  @Column({ name: 'ai_verdict', type: 'varchar', length: 10, nullable: true })
  aiVerdict: AiVerdict | null;

  @Column({ name: 'recipient_decision', type: 'varchar', length: 3, nullable: true })
  recipientDecision: 'yes' | 'no' | null;

  /** The latest recording the partner answered with. */
  @Column({ name: 'video_asset_id', type: 'uuid', nullable: true })
  videoAssetId: string | null;

  /** Recordings submitted for analysis (a Yes each); each is an attempt with an analysis job of its own. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** Set while the latest recording was unclear and the partner may record again: until when (`awaitsRetake`). */
  @Column({ name: 'retake_until', type: 'timestamptz', nullable: true })
  retakeUntil: Date | null;

  /** When the partner's No to a safety question ended the session: shown on their screen only, never the member's. */
  @Column({ name: 'safety_stopped_at', type: 'timestamptz', nullable: true })
  safetyStoppedAt: Date | null;

  /** When the partner answered Yes to both safety questions: nothing is recorded before, and the certificate says when. */
  @Column({ name: 'safety_answered_at', type: 'timestamptz', nullable: true })
  safetyAnsweredAt: Date | null;

  @Column({ name: 'consent_granted_time', type: 'timestamptz', nullable: true })
  consentGrantedTime: Date | null;

  /** When the partner's verification text was handed to the provider (`verificationTextSent`). */
  @Column({ name: 'verification_text_sent_at', type: 'timestamptz', nullable: true })
  verificationTextSentAt: Date | null;

  /** When the partner proved their phone (`recipientPhone`) with the texted code: recording is refused before. */
  @Column({ name: 'phone_verified_at', type: 'timestamptz', nullable: true })
  phoneVerifiedAt: Date | null;

  /** When the partner withdrew their consent (src/receipts); set once, never cleared. */
  @Column({ name: 'withdrawn_at', type: 'timestamptz', nullable: true })
  withdrawnAt: Date | null;

  /** When the partner's recordings were deleted at their request; their hashes and the verdict remain. */
  @Column({ name: 'recording_deleted_at', type: 'timestamptz', nullable: true })
  recordingDeletedAt: Date | null;

  @Column({ name: 'delete_after_days', type: 'integer' })
  deleteAfterDays: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
