import { receiptUrl } from '@app/contracts';
import type { Transaction } from '@app/database';
import { Inject, Injectable } from '@nestjs/common';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';
import { generateReceiptSecret, hashReceiptSecret } from '../receipt-records/receipt-secret';
import { ReceiptsRepository } from '../receipt-records/receipts.repository';
import type { ConsentSession } from '../session-records/consent-session.entity';
import { PRODUCT_NAME } from '../text-messages/product-name';
import { type NewTextMessage, TextMessagesRepository } from '../text-messages/text-messages.repository';
import { utcTime } from '../time/utc-time';

const FIRST_NAME_MAX = 40;

/**
 * The texts a verdict sends (spec section 1: "The recipient gets a verification text message. The member gets a text
 * confirmation only."), through the outbox: `prepare` writes them in the verdict's own transaction, `TextDispatch`
 * queues them after it commits, and the send job (SendTextMessageProcessor) sends each once.
 *
 * Neither text carries the verdict or the recording. The partner's confirms that their response was recorded, which
 * is what it verifies, and links to their receipt (src/receipts), where the verdict is read only with the link's
 * secret: the secret sits in the URL's fragment, which no server and no Referer ever sees, and the outbox row is the
 * one place it is kept in clear (the receipt itself keeps its hash), because a text must be sendable again until it
 * is sent. The member's says only that there is a response: a text shows on a locked screen and in notification
 * previews and stays with the carrier, and whether a partner consented is intimate; the member reads the verdict in
 * the app, behind their sign-in.
 */
@Injectable()
export class VerdictTexts {
  constructor(
    private readonly messages: TextMessagesRepository,
    private readonly receipts: ReceiptsRepository,
    @Inject(CONSENT_CONFIG) private readonly config: ConsentConfig,
  ) {}

  /**
   * Called inside the transaction that stores a verdict (granted or denied), with the session as stored: writes the
   * partner's text with their new receipt's link (when the partner proved a number: a No pressed before the code step
   * texts nobody, so no one can have the service text a number they typed) and the member's (when the gateway passed
   * theirs), each to its number in E.164. Idempotent: a
   * session has at most one receipt and one verdict text per recipient, so calling it again inserts nothing. Answers
   * the ids of the session's texts now pending, for `TextDispatch` after commit.
   */
  async prepare(transaction: Transaction, session: ConsentSession): Promise<string[]> {
    const rows: NewTextMessage[] = [];
    if (session.recipientPhone && session.phoneVerifiedAt) {
      const secret = generateReceiptSecret();
      const receiptId = await this.receipts.insertOnce(transaction, session.id, hashReceiptSecret(secret));
      // No new receipt: the partner's text, which alone holds the secret, was written with the first one.
      if (receiptId) {
        const link = receiptUrl(this.config.PUBLIC_URL, receiptId, secret);
        rows.push({
          sessionId: session.id,
          recipient: 'partner',
          phone: session.recipientPhone,
          body: partnerText(session, new Date(), link),
        });
      }
    }
    if (session.initiatorPhone)
      rows.push({
        sessionId: session.id,
        recipient: 'member',
        phone: session.initiatorPhone,
        body: memberText(session),
      });
    await this.messages.insertMissing(transaction, rows);
    return this.messages.pendingIdsOf(transaction, session.id);
  }
}

/** The partner's verification text, with the link to their receipt. */
export function partnerText(
  session: Pick<ConsentSession, 'initiatorFullName' | 'qrCodeId'>,
  recordedAt: Date,
  receiptLink: string,
): string {
  return `${PRODUCT_NAME}: your response to ${firstName(session.initiatorFullName)}'s consent request was recorded on ${utcTime(recordedAt, 'minute')} UTC. Reference ${session.qrCodeId}. Your receipt: ${receiptLink}`;
}

/** The member's confirmation: that there is a response, not what it is. */
export function memberText(session: Pick<ConsentSession, 'qrCodeId'>): string {
  return `${PRODUCT_NAME}: your consent session ${session.qrCodeId} has a response. Open the app to see it.`;
}

export function firstName(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  return Array.from(first).slice(0, FIRST_NAME_MAX).join('') || 'the member';
}
