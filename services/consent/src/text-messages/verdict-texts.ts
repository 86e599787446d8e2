import type { Transaction } from '@app/database';
import { Injectable, Logger } from '@nestjs/common';
import type { ConsentSession } from '../sessions/consent-session.entity';
import { TextMessageQueue } from './text-message-queue';
import type { NewTextMessage } from './text-messages.repository';
import { TextMessagesRepository } from './text-messages.repository';

/** The product's name as texts sign it; the web app's is in frontend/src/lib/brand.ts (PRODUCT_NAME). */
const PRODUCT_NAME = 'ConsentIQ';
const FIRST_NAME_MAX = 40;

/**
 * The texts a verdict sends (spec section 1: "The recipient gets a verification text message. The member gets a text
 * confirmation only."), through the outbox: `prepare` writes them in the verdict's own transaction, `dispatch` queues
 * them after it commits, and the send job (SendTextMessageProcessor) sends each once.
 *
 * Neither text carries the verdict, the recording or a link. The partner's confirms that their response was
 * recorded, which is what it verifies. The member's says only that there is a response: a text shows on a locked
 * screen and in notification previews and stays with the carrier, and whether a partner consented is intimate; the
 * member reads the verdict in the app, behind their sign-in.
 */
@Injectable()
export class VerdictTexts {
  private readonly logger = new Logger(VerdictTexts.name);

  constructor(
    private readonly messages: TextMessagesRepository,
    private readonly queue: TextMessageQueue,
  ) {}

  /**
   * Called inside the transaction that stores a verdict (granted or denied), with the session as stored: writes the
   * partner's text (when the partner gave a number) and the member's (when the gateway passed theirs). Idempotent:
   * a session has at most one text per recipient, so calling it again inserts nothing. Answers the ids of the
   * session's texts now pending, for `dispatch` after commit.
   */
  async prepare(transaction: Transaction, session: ConsentSession): Promise<string[]> {
    const rows: NewTextMessage[] = [];
    if (session.recipientPhone) rows.push({ sessionId: session.id, recipient: 'partner', phone: session.recipientPhone, body: partnerText(session, new Date()) });
    if (session.initiatorPhone) rows.push({ sessionId: session.id, recipient: 'member', phone: session.initiatorPhone, body: memberText(session) });
    await this.messages.insertMissing(transaction, rows);
    return this.messages.pendingIdsOf(transaction, session.id);
  }

  /**
   * Called after the verdict commits: one send job per id (job id = message id, so dispatching twice is harmless).
   * Never fails the caller: the verdict stands whatever happens to its texts, and a text whose job could not be added
   * (Redis away) is added by RequeuePendingTexts within a minute.
   */
  async dispatch(messageIds: string[]): Promise<void> {
    for (const id of messageIds) {
      await this.queue.enqueue(id).catch((error: Error) => this.logger.warn(`Text message ${id} not queued (the requeue task retries): ${error.message}`));
    }
  }
}

/** The partner's verification text. */
export function partnerText(session: Pick<ConsentSession, 'initiatorFullName' | 'qrCodeId'>, recordedAt: Date): string {
  return `${PRODUCT_NAME}: your response to ${firstName(session.initiatorFullName)}'s consent request was recorded on ${utcMinute(recordedAt)} UTC. Reference ${session.qrCodeId}.`;
}

/** The member's confirmation: that there is a response, not what it is. */
export function memberText(session: Pick<ConsentSession, 'qrCodeId'>): string {
  return `${PRODUCT_NAME}: your consent session ${session.qrCodeId} has a response. Open the app to see it.`;
}

function firstName(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  return Array.from(first).slice(0, FIRST_NAME_MAX).join('') || 'the member';
}

/** `2026-11-22 12:05`. */
function utcMinute(date: Date): string {
  return date.toISOString().slice(0, 16).replace('T', ' ');
}
