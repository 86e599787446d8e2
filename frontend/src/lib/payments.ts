import type { PlanId } from '@/content/plans';
import { apiRequest } from '@/lib/query-client';

/** The card payment provider; it is also the path segment of the payment calls (spec section 7). */
export const PAYMENT_PROVIDER = 'stripe';

export interface VerifyPaymentResponse {
  subscriptionStatus: string;
}

export interface CreateSubscriptionResponse {
  status?: string;
  sessionId?: string;
}

export async function verifyPayment(): Promise<VerifyPaymentResponse> {
  const res = await apiRequest('POST', `/api/${PAYMENT_PROVIDER}/verify-payment`);
  return (await res.json()) as VerifyPaymentResponse;
}

export async function createSubscription(plan: PlanId): Promise<CreateSubscriptionResponse> {
  const res = await apiRequest('POST', `/api/${PAYMENT_PROVIDER}/create-subscription`, { plan });
  return (await res.json()) as CreateSubscriptionResponse;
}

/**
 * Sends the browser to the provider's hosted checkout.
 * Loading the provider's script is a later issue; until then this fails like a script that did not load,
 * which the subscribe page reports with its checkout error toast.
 */
export async function redirectToCheckout(_sessionId: string): Promise<void> {
  throw new Error(`Failed to load ${PAYMENT_PROVIDER}`);
}
