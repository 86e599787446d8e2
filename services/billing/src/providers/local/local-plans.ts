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

/**
 * Every Stripe test card number that succeeds (4242... and the other brands'), so members can pay with different
 * cards: a card's fingerprint is what tells a referrer's own card from a friend's.
 */
export const SUCCEEDING_TEST_CARDS: ReadonlySet<string> = new Set([
  TEST_CARDS.succeeds,
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '5105105105105100', // Mastercard (prepaid)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '6011000990139424', // Discover
  '3056930009020004', // Diners Club
  '36227206271667', // Diners Club (14 digits)
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
]);
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
export const CARD_NUMBER_INCORRECT_MESSAGE = 'Your card number is incorrect.';
