// Plan texts and prices from the product spec (section 9); shown on the landing page and on /subscribe.

import type { PlanId } from '@app/contracts';

export type { PlanId };

export interface Plan {
  id: PlanId;
  name: string;
  price: string;
  period: string;
  /** Short savings badge, if any. */
  badge?: string;
  /** Lines shown under the price. */
  notes: string[];
  features: string[];
  highlighted: boolean;
}

export const PLANS: Plan[] = [
  {
    id: 'monthly',
    name: 'Monthly',
    price: '$40',
    period: 'per month',
    notes: [],
    features: ['Unlimited consent sessions', 'AI speech verification', 'Secure encrypted storage', 'Cancel anytime'],
    highlighted: false,
  },
  {
    id: 'annual',
    name: 'Annual',
    price: '$400',
    period: 'per year',
    badge: 'Save $80/year',
    notes: ['2 months free ($80 savings)', '$33.33/month'],
    features: ['Everything in Monthly', 'Priority support', 'Best value'],
    highlighted: true,
  },
];

export const EARLY_PRICING_NOTE = 'Early pricing for the first 1,000 members.';
