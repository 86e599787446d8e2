import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The partner's receipt of one session: its link's secret, kept only as a hash, valid as long as the record exists. */
@Entity({ name: 'receipts' })
export class Receipt {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'session_id', type: 'uuid', unique: true })
  sessionId: string;

  @Column({ name: 'secret_hash', type: 'bytea', select: false })
  secretHash: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
