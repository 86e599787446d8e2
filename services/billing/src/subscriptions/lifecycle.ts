import type { SubscriptionStatus } from '@app/contracts';
import { DELETE_AFTER_DAYS } from '../config/billing-config.schema';

const DAY_MS = 24 * 3600 * 1000;

/** What the lifecycle reads of a recorded subscription. */
export interface LifecycleInput {
  /** The provider's status. */
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** When it was first seen past due (kept in `subscriptions.lapsed_at`). */
  lapsedAt: Date | null;
}

export interface MemberLifecycle {
  /** In the app's terms. */
  subscriptionStatus: SubscriptionStatus;
  /** When the account is deleted unless it is paid again; null while nothing threatens it. */
  accountDeletionDate: Date | null;
}

const afterRetention = (moment: Date) => new Date(moment.getTime() + DELETE_AFTER_DAYS * DAY_MS);

/**
 * The member's status and deletion date from the provider's state of their subscription (pure; `now` stands in for a
 * moment the provider did not give).
 * - active / trialing: `active`, nothing to delete; cancelled at period end: still `active` until the provider ends
 *   it, deletion = period end + 90 days.
 * - past_due / unpaid (a renewal failed): `past_due`, deletion = the lapse + 90 days; paid again, it is active again
 *   and the date is cleared.
 * - canceled / incomplete_expired: `canceled`, deletion = when it ended (its period end) + 90 days.
 * - none, or not yet paid (incomplete, and anything unknown): `inactive`, nothing to delete.
 */
export function memberLifecycle(subscription: LifecycleInput | null, now: Date): MemberLifecycle {
  if (!subscription) return { subscriptionStatus: 'inactive', accountDeletionDate: null };
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return {
        subscriptionStatus: 'active',
        accountDeletionDate: subscription.cancelAtPeriodEnd ? afterRetention(subscription.currentPeriodEnd ?? now) : null,
      };
    case 'past_due':
    case 'unpaid':
      return { subscriptionStatus: 'past_due', accountDeletionDate: afterRetention(subscription.lapsedAt ?? now) };
    case 'canceled':
    case 'incomplete_expired':
      return { subscriptionStatus: 'canceled', accountDeletionDate: afterRetention(subscription.currentPeriodEnd ?? now) };
    default:
      return { subscriptionStatus: 'inactive', accountDeletionDate: null };
  }
}

/** Provider statuses under which the member still holds (or may yet pay for) the subscription: it is the current one. */
export const LIVE_PROVIDER_STATUSES = ['active', 'trialing', 'past_due', 'unpaid'] as const;
