import { REFERRALS_NEEDED } from '@app/contracts';
import { LIVE_PROVIDER_STATUSES } from '../subscriptions/lifecycle';

/**
 * The free-for-life reward is earned at 4 counted referrals and kept only while they still count: a referral refused
 * later (`same_card` or `shared_card`, found after it was counted) can take the referrer below.
 */
export const reachesReward = (counted: number): boolean => counted >= REFERRALS_NEEDED;

/**
 * Where a withdrawn reward's discount may be, each once: the subscription it was marked granted on, and the member's
 * current live subscription, since a grant reaches the provider before it is marked (a crash between the two leaves
 * the discount there, unmarked).
 */
export function discountedSubscriptions(
  grantedOn: string | null,
  current: { providerSubscriptionId: string; status: string } | null,
): string[] {
  const live =
    current && (LIVE_PROVIDER_STATUSES as readonly string[]).includes(current.status)
      ? current.providerSubscriptionId
      : null;
  return [...new Set([grantedOn, live].filter((id): id is string => id !== null))];
}
