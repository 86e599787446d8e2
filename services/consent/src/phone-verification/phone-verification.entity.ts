import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A session's current phone code (one row per session; a resend replaces the code and counts the send). */
@Entity({ name: 'phone_verifications' })
export class PhoneVerification {
  @PrimaryColumn({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  /** Personal data, as the partner typed it: never logged, never in a job payload or an error. */
  @Column({ type: 'varchar', length: 32 })
  phone: string;

  @Column({ name: 'code_salt', type: 'bytea' })
  codeSalt: Buffer;

  /** scrypt of the code: the code itself is kept only in its text until used or replaced. */
  @Column({ name: 'code_hash', type: 'bytea' })
  codeHash: Buffer;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** Codes sent for this session, the first included. */
  @Column({ name: 'codes_sent', type: 'integer', default: 1 })
  codesSent: number;

  /** Wrong codes typed against the current code. */
  @Column({ name: 'failed_tries', type: 'integer', default: 0 })
  failedTries: number;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
