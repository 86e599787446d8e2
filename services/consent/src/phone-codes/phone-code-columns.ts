import { Column, UpdateDateColumn } from 'typeorm';

/** The columns of one phone's current code, shared by the partner's (per session) and the member's (per member). */
export abstract class PhoneCodeColumns {
  /** Personal data, in E.164: never logged, never in a job payload or an error. */
  @Column({ type: 'varchar', length: 32 })
  phone: string;

  @Column({ name: 'code_salt', type: 'bytea' })
  codeSalt: Buffer;

  /** scrypt of the code: the code itself is kept only in its text until sent. */
  @Column({ name: 'code_hash', type: 'bytea' })
  codeHash: Buffer;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** Codes sent, the first included. */
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
