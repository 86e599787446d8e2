import { API_ERRORS, CHECKOUT_ID_PATTERN } from '@app/contracts';
import { SessionIdPipe } from '../consent/session-id.pipe';

export function isCheckoutId(value: unknown): value is string {
  return typeof value === 'string' && CHECKOUT_ID_PATTERN.test(value);
}

/** Anything else in the path is answered as an unknown checkout, so it never reaches another billing route. */
export const validCheckoutId = new SessionIdPipe(isCheckoutId, API_ERRORS.checkoutNotFound);
