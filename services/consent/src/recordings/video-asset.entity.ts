import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'video_assets' })
export class VideoAsset {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @Column({ type: 'varchar', length: 200 })
  filename: string;

  /** The type read from the bytes, not the one the client declared. */
  @Column({ name: 'mime_type', type: 'varchar', length: 100 })
  mimeType: string;

  @Column({ name: 'file_size', type: 'bigint' })
  fileSize: string;

  @Column({ name: 'storage_key', type: 'varchar', length: 300, unique: true })
  storageKey: string;

  @Column({ name: 'is_encrypted', type: 'boolean', default: true })
  isEncrypted: boolean;

  /** SHA-256 of the original bytes, computed while they streamed in. */
  @Column({ type: 'char', length: 64, nullable: true })
  sha256: string | null;

  @Column({ name: 'stored_at', type: 'timestamptz', nullable: true })
  storedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
