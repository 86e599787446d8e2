import { EARLY_PRICING_NOTE } from '@/content/plans';

/** The early-pricing line with the real count of places left; the plain note until the count has loaded. */
export function earlyPricingLabel(placesLeft: number | undefined): string {
  if (placesLeft === undefined) return EARLY_PRICING_NOTE;
  if (placesLeft === 0) return 'Early pricing for the first 1,000 members: every place is taken.';
  return `Early pricing for the first 1,000 members: ${placesLeft.toLocaleString('en-US')} ${placesLeft === 1 ? 'place' : 'places'} left.`;
}
