import { z } from 'zod';

export const PLAN_IDS = ['monthly', 'annual'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** POST /api/{provider}/create-subscription */
export const createSubscriptionRequestSchema = z.object({ plan: z.enum(PLAN_IDS, { message: 'plan must be monthly or annual' }) });
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequestSchema>;

/** `{status: 'active'}` when already subscribed, else the provider's checkout session. */
export const createSubscriptionResponseSchema = z.object({ status: z.string().optional(), sessionId: z.string().optional() });
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

/** POST /api/{provider}/verify-payment */
export const verifyPaymentResponseSchema = z.object({ subscriptionStatus: z.string() });
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;
