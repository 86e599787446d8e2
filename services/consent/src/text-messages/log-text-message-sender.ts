import type { DevText } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import type { OutgoingText, TextMessageSender } from './text-message-sender';

/** The development outbox page lists the newest texts, this many. */
export const LISTED_TEXTS = 50;
/** Texts kept per number, however old, so a number's code can be found after many texts to others. */
export const KEPT_TEXTS_PER_NUMBER = 20;
/** Numbers kept; the one texted longest ago is forgotten first. Bounds the memory of a long-running server. */
export const KEPT_NUMBERS = 1_000;

/**
 * The default (`SMS_PROVIDER=log`, as `npm start` runs): nothing leaves the machine. The text counts as delivered, so
 * its outbox row is marked sent by provider `log` and the session's verificationTextSent becomes true as in
 * production; the one log line (written by the send job) names the message id and the recipient's role only, never
 * the number or the text. What a phone would have received is kept in this process's memory only (the newest
 * LISTED_TEXTS, and the last KEPT_TEXTS_PER_NUMBER of each of the last KEPT_NUMBERS numbers), for `/dev/texts` outside
 * production: the outbox row, like any sent one, keeps no code or link secret.
 */
export class LogTextMessageSender implements TextMessageSender {
  readonly provider = 'log';
  /** The newest texts, newest first, in the order they were handed over (several can share a millisecond). */
  private readonly newest: DevText[] = [];
  /** Each number's texts, newest first; the map's order is the numbers' last text, oldest first. */
  private readonly byNumber = new Map<string, DevText[]>();

  async send({ sessionId, purpose, phone, body }: OutgoingText): Promise<{ providerMessageId: string }> {
    const text: DevText = {
      sessionId: sessionId ?? undefined,
      to: phone,
      body,
      sentAt: new Date().toISOString(),
      purpose,
    };
    this.newest.unshift(text);
    this.newest.splice(LISTED_TEXTS);
    const texts = this.byNumber.get(phone) ?? [];
    texts.unshift(text);
    texts.splice(KEPT_TEXTS_PER_NUMBER);
    this.byNumber.delete(phone);
    this.byNumber.set(phone, texts);
    if (this.byNumber.size > KEPT_NUMBERS) this.byNumber.delete(this.byNumber.keys().next().value!);
    return { providerMessageId: `log-${randomUUID()}` };
  }

  /** The newest LISTED_TEXTS texts, newest first. */
  latest(): DevText[] {
    return [...this.newest];
  }

  /** The texts kept for one number (E.164), newest first. */
  sentTo(phone: string): DevText[] {
    return [...(this.byNumber.get(phone) ?? [])];
  }
}
