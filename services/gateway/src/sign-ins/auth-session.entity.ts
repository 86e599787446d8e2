import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One signed-in browser. The JWT names this row; revoking the row ends the session even though the JWT is still validly signed. */
@Entity({ name: 'auth_sessions' })
export class AuthSession {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
