import { API_ERRORS } from '@app/contracts';
import { SessionIdPipe } from '../consent/session-id.pipe';

/** A provider's checkout session id (Stripe's `cs_test_…`, the local provider's own): letters, digits, `_` and `-`. */
const CHECKOUT_ID = /^[A-Za-z0-9_-]{1,200}$/;

export function isCheckoutId(value: unknown): value is string {
  return typeof value === 'string' && CHECKOUT_ID.test(value);
}

/** Anything else in the path is answered as an unknown checkout, so it never reaches another billing route. */
export const validCheckoutId = new SessionIdPipe(isCheckoutId, API_ERRORS.checkoutNotFound);
