import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from './subscription-status';

export const PLAN_IDS = ['monthly', 'annual'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** POST /api/{provider}/create-subscription */
export const createSubscriptionRequestSchema = z.object({
  plan: z.enum(PLAN_IDS, { message: 'plan must be monthly or annual' }),
});
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequestSchema>;

/**
 * `{status: 'active'}` when already subscribed, else the provider's checkout session: its id and the address the
 * browser goes to (the provider's hosted page, or the app's own test checkout with the `local` provider).
 */
export const createSubscriptionResponseSchema = z.object({
  status: z.string().optional(),
  sessionId: z.string().optional(),
  url: z.string().optional(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

/**
 * A provider's checkout session id (Stripe's `cs_test_…`, the local provider's own): letters, digits, `_` and `-`.
 * Anything else (NUL, slashes, dots) can never name a checkout, so it is refused before it reaches a query or a path.
 */
export const CHECKOUT_ID_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

/** POST /api/{provider}/verify-payment: body `{session_id}` optional (else the member's latest checkout). */
export const verifyPaymentRequestSchema = z.object({
  session_id: z.string().regex(CHECKOUT_ID_PATTERN, 'session_id is not a payment session id').optional(),
});
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequestSchema>;

export const verifyPaymentResponseSchema = z.object({ subscriptionStatus: z.string() });
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

/** GET /api/billing/account: what the Profile page shows. */
export const billingAccountSchema = z.object({
  plan: z.enum(PLAN_IDS).nullable(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  /** The end of the paid period: the next renewal, or the end date when `cancelAtPeriodEnd`. */
  currentPeriodEnd: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /**
   * When the account and its recordings are deleted unless it is paid again: `currentPeriodEnd` + 90 days once
   * cancelled at period end, the lapse + 90 days when past due, the end + 90 days when ended; null otherwise.
   */
  accountDeletionDate: z.iso.datetime().nullable(),
  /** `local` or `stripe`: the Profile page says "test mode" for `local`. */
  provider: z.enum(['local', 'stripe']),
});
export type BillingAccount = z.infer<typeof billingAccountSchema>;

/** POST /api/billing/portal: where 'Manage billing' goes (the provider's customer portal). */
export const billingPortalSchema = z.object({ url: z.string() });
export type BillingPortal = z.infer<typeof billingPortalSchema>;

/** GET /api/billing/test-checkout/{sessionId}: the `local` provider's checkout, for its TEST MODE page. */
export const testCheckoutSchema = z.object({
  sessionId: z.string(),
  plan: z.enum(PLAN_IDS),
  amountCents: z.number().int(),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
  status: z.enum(['open', 'complete', 'expired']),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

/** POST /api/billing/test-checkout/{sessionId}/pay: a test card, as the provider's hosted form takes it. */
export const testCardSchema = z.object({
  cardNumber: z.string().regex(/^[\d ]{12,23}$/, 'Your card number is incomplete.'),
  expiry: z.string().regex(/^\d{2} ?\/ ?\d{2}$/, "Your card's expiration date is incomplete."),
  cvc: z.string().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type TestCard = z.infer<typeof testCardSchema>;

/** The answer to a paid test checkout: where the browser goes next (`/success?session_id=...`). */
export const testCheckoutPaidSchema = z.object({ redirectUrl: z.string() });
export type TestCheckoutPaid = z.infer<typeof testCheckoutPaidSchema>;

/**
 * GET /api/billing/test-checkout/portal (and the answer of its card and resume calls): the `local` provider's TEST
 * MODE customer portal, the member's subscription and the last 4 digits of the card on file.
 */
export const testPortalSchema = z.object({
  plan: z.enum(PLAN_IDS),
  status: z.string(),
  currentPeriodEnd: z.iso.datetime(),
  cancelAtPeriodEnd: z.boolean(),
  cardLast4: z.string().nullable(),
});
export type TestPortal = z.infer<typeof testPortalSchema>;

/**
 * Internal (gateway -> billing) `POST /subscriptions/checkout`: the member's plan, the e-mail the provider's customer
 * gets, and the app's public origin, from which the return addresses are made
 * (`${origin}/success?session_id={CHECKOUT_SESSION_ID}`, `${origin}/cancel`). Answered as createSubscriptionResponse.
 */
export const billingCheckoutRequestSchema = createSubscriptionRequestSchema.extend({
  email: z.email().max(254),
  origin: z
    .string()
    .max(200)
    .refine(
      (value) =>
        URL.canParse(value) &&
        /^https?:$/.test(new URL(value).protocol) &&
        new URL(value).origin === value.replace(/\/$/, ''),
      'origin must be an http(s) origin',
    ),
});
export type BillingCheckoutRequest = z.infer<typeof billingCheckoutRequestSchema>;
