import type { ConsentConfig } from '../config/consent-config.schema';
import { LogTextMessageSender } from './log-text-message-sender';
import type { TextMessage } from './text-message.entity';
import { TwilioTextMessageSender } from './twilio-text-message-sender';

/** A text as handed to a provider: the number and the text, with its session and purpose (which the `log` one shows). */
export type OutgoingText = Pick<TextMessage, 'sessionId' | 'purpose' | 'phone' | 'body'>;

/**
 * Hands one text to a provider. Errors say why without the number or the text: an `UnrecoverableError` (bullmq)
 * when sending it again can never succeed, anything else when a later attempt may.
 */
export interface TextMessageSender {
  /** Stored on the outbox row: `log`, `twilio`. */
  readonly provider: string;
  send(text: OutgoingText): Promise<{ providerMessageId: string }>;
}

/** The Nest token of the configured sender. */
export const TEXT_MESSAGE_SENDER = Symbol('TEXT_MESSAGE_SENDER');

/** The sender `SMS_PROVIDER` names (the schema has checked Twilio's three settings). */
export function createTextMessageSender(config: ConsentConfig): TextMessageSender {
  if (config.SMS_PROVIDER === 'log') return new LogTextMessageSender();
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = config;
  if (!accountSid || !authToken || !from)
    throw new Error('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are required when SMS_PROVIDER is twilio');
  return new TwilioTextMessageSender({ accountSid, authToken, from, apiBaseUrl: config.TWILIO_API_BASE_URL });
}
