import { accountDueAt } from '@app/contracts';
import { checkoutAnswer, type LifecycleInput, memberLifecycle, oneLiveSubscription, resumable } from './lifecycle';

const DAY = 24 * 3600 * 1000;
const now = new Date('2030-01-10T12:00:00.000Z');
const periodEnd = new Date('2030-02-10T12:00:00.000Z');
const lapsedAt = new Date('2030-01-05T08:00:00.000Z');
const plus90 = (date: Date) => new Date(date.getTime() + 90 * DAY);
const state = (changes: Partial<LifecycleInput>): LifecycleInput => ({
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: periodEnd,
  lapsedAt: null,
  ...changes,
});

describe('memberLifecycle', () => {
  it('is inactive without a subscription, or one not paid yet', () => {
    expect(memberLifecycle(null, now)).toEqual({ subscriptionStatus: 'inactive', accountDeletionDate: null });
    expect(memberLifecycle(state({ status: 'incomplete' }), now)).toEqual({
      subscriptionStatus: 'inactive',
      accountDeletionDate: null,
    });
  });

  it.each(['active', 'trialing'])('%s is active with nothing to delete', (status) => {
    expect(memberLifecycle(state({ status }), now)).toEqual({
      subscriptionStatus: 'active',
      accountDeletionDate: null,
    });
  });

  it('cancelled at period end stays active, deleted 90 days after the period ends', () => {
    expect(memberLifecycle(state({ cancelAtPeriodEnd: true }), now)).toEqual({
      subscriptionStatus: 'active',
      accountDeletionDate: plus90(periodEnd),
    });
  });

  it.each(['past_due', 'unpaid'])('%s is past_due, deleted 90 days after the lapse', (status) => {
    expect(memberLifecycle(state({ status, lapsedAt }), now)).toEqual({
      subscriptionStatus: 'past_due',
      accountDeletionDate: plus90(lapsedAt),
    });
  });

  it('counts from now when the lapse is not known', () => {
    expect(memberLifecycle(state({ status: 'past_due' }), now).accountDeletionDate).toEqual(plus90(now));
  });

  it('paid again is active and clears the date, even with a lapse still recorded', () => {
    expect(memberLifecycle(state({ status: 'active', lapsedAt }), now)).toEqual({
      subscriptionStatus: 'active',
      accountDeletionDate: null,
    });
  });

  it.each(['canceled', 'incomplete_expired'])('%s is canceled, deleted 90 days after it ended', (status) => {
    expect(memberLifecycle(state({ status }), now)).toEqual({
      subscriptionStatus: 'canceled',
      accountDeletionDate: plus90(periodEnd),
    });
    expect(memberLifecycle(state({ status, currentPeriodEnd: null }), now).accountDeletionDate).toEqual(plus90(now));
  });

  it('ended unpaid: deleted 90 days after the renewal first failed, not after its last period', () => {
    expect(memberLifecycle(state({ status: 'canceled', lapsedAt }), now)).toEqual({
      subscriptionStatus: 'canceled',
      accountDeletionDate: plus90(lapsedAt),
    });
  });

  it('dates the deletion by the retention schedule', () => {
    expect(memberLifecycle(state({ status: 'past_due', lapsedAt }), now).accountDeletionDate).toEqual(
      accountDueAt(lapsedAt),
    );
  });
});

describe('resumable', () => {
  it('only a subscription cancelled at period end, still running, whose period is not over', () => {
    expect(resumable(state({ cancelAtPeriodEnd: true }), now)).toBe(true);
    expect(resumable(state({ cancelAtPeriodEnd: true, status: 'trialing' }), now)).toBe(true);
    expect(resumable(state({}), now)).toBe(false);
    expect(resumable(null, now)).toBe(false);
    expect(resumable(state({ cancelAtPeriodEnd: true, currentPeriodEnd: new Date(now.getTime() - 1) }), now)).toBe(
      false,
    );
    for (const status of ['canceled', 'incomplete_expired', 'past_due', 'unpaid', 'incomplete']) {
      expect(resumable(state({ cancelAtPeriodEnd: true, status }), now)).toBe(false);
    }
  });
});

describe('checkoutAnswer', () => {
  it('active: told so; past due or unpaid: sent to pay it; none, not paid or ended: a checkout', () => {
    expect(checkoutAnswer(state({}), now)).toBe('active');
    expect(checkoutAnswer(state({ cancelAtPeriodEnd: true }), now)).toBe('active');
    expect(checkoutAnswer(state({ status: 'past_due' }), now)).toBe('past_due');
    expect(checkoutAnswer(state({ status: 'unpaid' }), now)).toBe('past_due');
    for (const current of [
      null,
      state({ status: 'incomplete' }),
      state({ status: 'canceled' }),
      state({ status: 'incomplete_expired' }),
    ]) {
      expect(checkoutAnswer(current, now)).toBe('checkout');
    }
  });
});

describe('oneLiveSubscription', () => {
  const at = (minute: number) => new Date(now.getTime() + minute * 60_000);
  const sub = (providerSubscriptionId: string, status: string, minute: number) => ({
    providerSubscriptionId,
    status,
    createdAt: at(minute),
  });

  it('keeps the first live one recorded; every later live one is a duplicate; ended ones are neither', () => {
    const first = sub('sub_b', 'past_due', 1);
    const later = sub('sub_a', 'active', 2);
    const ended = sub('sub_0', 'canceled', 0);
    expect(oneLiveSubscription([later, ended, first])).toEqual({ kept: first, duplicates: [later] });
    expect(oneLiveSubscription([ended])).toEqual({ kept: null, duplicates: [] });
    expect(oneLiveSubscription([])).toEqual({ kept: null, duplicates: [] });
  });

  it('recorded in the same instant: the lower id is kept, whatever the order given', () => {
    const a = sub('sub_a', 'active', 1);
    const b = sub('sub_b', 'active', 1);
    expect(oneLiveSubscription([b, a])).toEqual({ kept: a, duplicates: [b] });
    expect(oneLiveSubscription([a, b])).toEqual({ kept: a, duplicates: [b] });
  });
});
