import { browserLocation } from '@/lib/browser-location';

/**
 * Sends the browser to the checkout create-subscription answered: the provider's hosted page, or the app's own
 * test checkout (/checkout/test/<sessionId>) with the `local` provider. No provider script is loaded for it.
 */
export function redirectToCheckout(url: string): void {
  browserLocation.assign(url);
}

/** The query parameter /subscribe reads after a declined test card: the error's code (never free text from a URL). */
export const CHECKOUT_ERROR_PARAM = 'checkout_error';
