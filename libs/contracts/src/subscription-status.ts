/** A member's subscription states; only `active` opens the protected pages (spec section 2). */
export const SUBSCRIPTION_STATUSES = ['inactive', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
