import { accountDueAt, type SubscriptionStatus } from '@app/contracts';

/** What the lifecycle reads of a recorded subscription. */
export interface LifecycleInput {
  /** The provider's status. */
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** When it was first seen past due (kept in `subscriptions.lapsed_at` until it is paid again). */
  lapsedAt: Date | null;
}

export interface MemberLifecycle {
  /** In the app's terms. */
  subscriptionStatus: SubscriptionStatus;
  /** When the account is deleted unless it is paid again; null while nothing threatens it. */
  accountDeletionDate: Date | null;
}

/**
 * The member's status and deletion date from the provider's state of their subscription (pure; `now` stands in for a
 * moment the provider did not give). The date is the retention schedule's (`accountDueAt`, libs/contracts), counted
 * from the lapse:
 * - active / trialing: `active`, nothing to delete; cancelled at period end: still `active` until the provider ends
 *   it, lapsing at period end.
 * - past_due / unpaid (a renewal failed): `past_due`, lapsed when first seen past due; paid again, it is active again
 *   and the date is cleared.
 * - canceled / incomplete_expired: `canceled`, lapsed when a renewal first failed, if one did, else when it ended (its
 *   period end).
 * - none, or not yet paid (incomplete, and anything unknown): `inactive`, nothing to delete.
 */
export function memberLifecycle(subscription: LifecycleInput | null, now: Date): MemberLifecycle {
  if (!subscription) return { subscriptionStatus: 'inactive', accountDeletionDate: null };
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return {
        subscriptionStatus: 'active',
        accountDeletionDate: subscription.cancelAtPeriodEnd ? accountDueAt(subscription.currentPeriodEnd ?? now) : null,
      };
    case 'past_due':
    case 'unpaid':
      return { subscriptionStatus: 'past_due', accountDeletionDate: accountDueAt(subscription.lapsedAt ?? now) };
    case 'canceled':
    case 'incomplete_expired':
      return {
        subscriptionStatus: 'canceled',
        accountDeletionDate: accountDueAt(subscription.lapsedAt ?? subscription.currentPeriodEnd ?? now),
      };
    default:
      return { subscriptionStatus: 'inactive', accountDeletionDate: null };
  }
}

/** Provider statuses under which the member still holds (or may yet pay for) the subscription: it is the current one. */
export const LIVE_PROVIDER_STATUSES = ['active', 'trialing', 'past_due', 'unpaid'] as const;

const isLive = (status: string) => (LIVE_PROVIDER_STATUSES as readonly string[]).includes(status);

/**
 * Whether the member can undo their cancellation (Resume subscription): cancelled at period end, still running and
 * its paid period not over. A past-due one is paid in the portal instead; an ended one needs a new checkout.
 */
export function resumable(subscription: LifecycleInput | null, now: Date): boolean {
  if (!subscription?.cancelAtPeriodEnd || memberLifecycle(subscription, now).subscriptionStatus !== 'active')
    return false;
  return subscription.currentPeriodEnd === null || subscription.currentPeriodEnd > now;
}

/** What a member choosing a plan gets: told they are subscribed, sent to pay their failed renewal, or a checkout. */
export function checkoutAnswer(current: LifecycleInput | null, now: Date): 'active' | 'past_due' | 'checkout' {
  const { subscriptionStatus } = memberLifecycle(current, now);
  return subscriptionStatus === 'active' || subscriptionStatus === 'past_due' ? subscriptionStatus : 'checkout';
}

/** A member's subscription as the one-live-subscription rule reads it. */
export interface RecordedSubscription {
  providerSubscriptionId: string;
  status: string;
  /** When billing first recorded it: the first one paid is the one kept. */
  createdAt: Date;
}

/**
 * One live subscription per member: the first live one recorded is kept, every later live one is a duplicate (two
 * checkouts paid), to be refunded. Ties (recorded in the same instant) keep the lower id, so every run agrees.
 */
export function oneLiveSubscription<S extends RecordedSubscription>(
  subscriptions: S[],
): { kept: S | null; duplicates: S[] } {
  const [kept = null, ...duplicates] = subscriptions
    .filter((subscription) => isLive(subscription.status))
    .sort(
      (a, b) =>
        a.createdAt.getTime() - b.createdAt.getTime() ||
        a.providerSubscriptionId.localeCompare(b.providerSubscriptionId),
    );
  return { kept, duplicates };
}
