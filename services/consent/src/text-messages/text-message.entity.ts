import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const TEXT_RECIPIENTS = ['partner', 'member'] as const;
/** Who a text goes to: the partner (the verification text) or the member who started the session (a confirmation). */
export type TextRecipient = (typeof TEXT_RECIPIENTS)[number];
export type TextMessageStatus = 'pending' | 'sent' | 'failed';
/**
 * Why a text is sent: a session's verdict, the partner's withdrawal (the member is told), one text per recipient and
 * purpose; or a code proving the partner's phone (`phone_code`, as many as the limits allow).
 */
export type TextPurpose = 'verdict' | 'withdrawal' | 'phone_code';

/** One row of the outbox: a text written with the verdict that causes it, sent afterwards by the send-text-message job. */
@Entity({ name: 'text_messages' })
export class TextMessage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The session the text belongs to; null for a member's code proving their own phone (`memberUserId`). */
  @Column({ name: 'session_id', type: 'uuid', nullable: true })
  sessionId: string | null;

  @Column({ name: 'member_user_id', type: 'uuid', nullable: true })
  memberUserId: string | null;

  @Column({ name: 'recipient', type: 'varchar', length: 10 })
  recipient: TextRecipient;

  @Column({ name: 'purpose', type: 'varchar', length: 20, default: 'verdict' })
  purpose: TextPurpose;

  /** Personal data: read by the sender only, never logged, never in a job payload or an error. */
  @Column({ name: 'phone', type: 'varchar', length: 32 })
  phone: string;

  @Column({ name: 'body', type: 'text' })
  body: string;

  @Column({ name: 'status', type: 'varchar', length: 10, default: 'pending' })
  status: TextMessageStatus;

  @Column({ name: 'attempts', type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'provider', type: 'text', nullable: true })
  provider: string | null;

  @Column({ name: 'provider_message_id', type: 'text', nullable: true })
  providerMessageId: string | null;

  /** Why the last attempt failed, as the sender described it: never the phone number. */
  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;
}
