import { PAYMENT_PROVIDER } from '@/lib/api/api';

/**
 * Sends the browser to the provider's hosted checkout.
 * Loading the provider's script is a later issue; until then this fails like a script that did not load,
 * which the subscribe page reports with its checkout error toast.
 */
export async function redirectToCheckout(_sessionId: string): Promise<void> {
  throw new Error(`Failed to load ${PAYMENT_PROVIDER}`);
}
