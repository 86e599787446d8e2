import type { DevText } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import type { OutgoingText, TextMessageSender } from './text-message-sender';

/** Texts kept for the development outbox page, the newest; older ones are forgotten. */
export const KEPT_TEXTS = 50;

/**
 * The default (`SMS_PROVIDER=log`, as `npm start` runs): nothing leaves the machine. The text counts as delivered, so
 * its outbox row is marked sent by provider `log` and the session's verificationTextSent becomes true as in
 * production; the one log line (written by the send job) names the message id and the recipient's role only, never
 * the number or the text. What a phone would have received is kept in this process's memory only (the last
 * KEPT_TEXTS), for `/dev/texts` outside production: the outbox row, like any sent one, keeps no code or link secret.
 */
export class LogTextMessageSender implements TextMessageSender {
  readonly provider = 'log';
  private readonly kept: DevText[] = [];

  async send({ sessionId, purpose, phone, body }: OutgoingText): Promise<{ providerMessageId: string }> {
    this.kept.unshift({ sessionId: sessionId ?? undefined, to: phone, body, sentAt: new Date().toISOString(), purpose });
    this.kept.splice(KEPT_TEXTS);
    return { providerMessageId: `log-${randomUUID()}` };
  }

  /** The texts kept, newest first. */
  latest(): DevText[] {
    return [...this.kept];
  }
}
