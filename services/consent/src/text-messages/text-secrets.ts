import { PHONE_CODE_RULES } from '../phone-codes/phone-code-rules';
import { PRODUCT_NAME } from './product-name';
import type { TextMessage } from './text-message.entity';

/**
 * What a code's text is replaced with once it is sent, or once its code is used, replaced or expired before it was
 * sent: a code is kept in clear only while its text waits to be sent.
 */
export const SPENT_CODE_TEXT = `${PRODUCT_NAME} code: [removed]`;

/** A link's fragment: where a text carries a secret (the receipt's, `/r/<id>#<secret>`). */
const LINK_SECRET = /#[A-Za-z0-9_-]+/g;

/**
 * What a text's row keeps once the text is out of our hands (handed to the provider, or never to be sent): the text
 * without its secret. A code's text loses the code, a link its secret (the receipt's id stays, which opens nothing).
 * Nothing sends a text twice once it left its pending state, so nothing needs the secret again.
 */
export function bodyWithoutSecrets(message: Pick<TextMessage, 'purpose' | 'body'>): string {
  return message.purpose === 'phone_code' ? SPENT_CODE_TEXT : message.body.replace(LINK_SECRET, '');
}

/** A phone code's text written before this is too late to send: its code, made with the text, has expired. */
export function phoneCodeTextsLapsedBefore(now: Date): Date {
  return new Date(now.getTime() - PHONE_CODE_RULES.lifetimeMinutes * 60_000);
}

/** Whether this text is a phone code no longer worth sending: it would arrive with a code that no longer works. */
export function phoneCodeLapsed(message: Pick<TextMessage, 'purpose' | 'createdAt'>, now: Date): boolean {
  return message.purpose === 'phone_code' && message.createdAt.getTime() <= phoneCodeTextsLapsedBefore(now).getTime();
}
