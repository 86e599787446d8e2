import { randomUUID } from 'node:crypto';
import type { TextMessageSender } from './text-message-sender';

/**
 * The default (`SMS_PROVIDER=log`, as `npm start` runs): nothing leaves the machine. The text counts as delivered, so
 * its outbox row is marked sent by provider `log` and the session's verificationTextSent becomes true as in
 * production; the one log line (written by the send job) names the message id and the recipient's role only, never
 * the number or the text.
 */
export class LogTextMessageSender implements TextMessageSender {
  readonly provider = 'log';

  async send(): Promise<{ providerMessageId: string }> {
    return { providerMessageId: `log-${randomUUID()}` };
  }
}
