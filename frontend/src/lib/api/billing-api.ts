import type {
  BillingAccount,
  BillingPortal,
  CreateSubscriptionResponse,
  PlanId,
  ReferralProgress,
  TestCard,
  TestCheckout,
  TestCheckoutPaid,
  TestPortal,
  VerifyPaymentResponse,
} from '@app/contracts';
import { segment } from '@/lib/api/api';
import { request } from '@/lib/api/http';

/** The card payment provider's name, which is also the path segment of the payment calls (spec section 7). */
const PAYMENT_PROVIDER = 'stripe';

/** The member's subscription calls: apart from `api`, so the partner's phone never downloads them. */
export const billingApi = {
  /**
   * Sent with an empty body (spec section 7); the checkout to verify, when known (/success?session_id=...), goes in
   * the query, which the gateway reads like a body's `session_id`. Without it the member's latest checkout is verified.
   */
  verifyPayment: (sessionId?: string | null) =>
    request<VerifyPaymentResponse>(
      'POST',
      `/api/${PAYMENT_PROVIDER}/verify-payment${sessionId ? `?session_id=${segment(sessionId)}` : ''}`,
    ),
  createSubscription: (plan: PlanId) =>
    request<CreateSubscriptionResponse>('POST', `/api/${PAYMENT_PROVIDER}/create-subscription`, { json: { plan } }),

  /** The Profile page: plan, status, renewal or end date. */
  billingAccount: () => request<BillingAccount>('GET', '/api/billing/account'),
  /** Cancels at the end of the paid period; answers the account with its end date. */
  cancelSubscription: () => request<BillingAccount>('POST', '/api/billing/cancel'),
  /** Undoes a cancel at period end. */
  resumeSubscription: () => request<BillingAccount>('POST', '/api/billing/resume'),
  /** Where 'Manage billing' goes: the provider's customer portal. */
  billingPortal: () => request<BillingPortal>('POST', '/api/billing/portal'),
  /** The member's referral code and progress (`{code, counted, needed: 4, freeForLife}`). */
  referrals: () => request<ReferralProgress>('GET', '/api/billing/referrals'),
  /** The `local` provider's test checkout. */
  testCheckout: (sessionId: string) => request<TestCheckout>('GET', `/api/billing/test-checkout/${segment(sessionId)}`),
  payTestCheckout: (sessionId: string, card: TestCard) =>
    request<TestCheckoutPaid>('POST', `/api/billing/test-checkout/${segment(sessionId)}/pay`, { json: card }),
  testPortal: () => request<TestPortal>('GET', '/api/billing/test-checkout/portal'),
  updateTestPortalCard: (card: TestCard) =>
    request<TestPortal>('POST', '/api/billing/test-checkout/portal/card', { json: card }),
  resumeTestPortal: () => request<TestPortal>('POST', '/api/billing/test-checkout/portal/resume'),
};
