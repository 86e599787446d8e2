import type { PlanId } from '@app/contracts';

/** The plans of spec section 9, as the local provider charges them. */
export const LOCAL_PLANS: Record<PlanId, { amountCents: number; currency: string; interval: 'month' | 'year' }> = {
  monthly: { amountCents: 4000, currency: 'usd', interval: 'month' },
  annual: { amountCents: 40000, currency: 'usd', interval: 'year' },
};

/** The end of the first period paid now: one month or one year on (a month from Jan 31 ends on Mar 3, as Date does). */
export function periodEnd(plan: PlanId, from: Date): Date {
  const end = new Date(from);
  if (LOCAL_PLANS[plan].interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** Stripe's test cards, as its hosted form answers them. */
export const TEST_CARDS = { succeeds: '4242424242424242', declined: '4000000000000002' } as const;
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
export const CARD_NUMBER_INCORRECT_MESSAGE = 'Your card number is incorrect.';
