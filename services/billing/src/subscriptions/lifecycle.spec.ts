import { memberLifecycle, type LifecycleInput } from './lifecycle';

const DAY = 24 * 3600 * 1000;
const now = new Date('2030-01-10T12:00:00.000Z');
const periodEnd = new Date('2030-02-10T12:00:00.000Z');
const lapsedAt = new Date('2030-01-05T08:00:00.000Z');
const plus90 = (date: Date) => new Date(date.getTime() + 90 * DAY);
const state = (changes: Partial<LifecycleInput>): LifecycleInput => ({ status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: periodEnd, lapsedAt: null, ...changes });

describe('memberLifecycle', () => {
  it('is inactive without a subscription, or one not paid yet', () => {
    expect(memberLifecycle(null, now)).toEqual({ subscriptionStatus: 'inactive', accountDeletionDate: null });
    expect(memberLifecycle(state({ status: 'incomplete' }), now)).toEqual({ subscriptionStatus: 'inactive', accountDeletionDate: null });
  });

  it.each(['active', 'trialing'])('%s is active with nothing to delete', (status) => {
    expect(memberLifecycle(state({ status }), now)).toEqual({ subscriptionStatus: 'active', accountDeletionDate: null });
  });

  it('cancelled at period end stays active, deleted 90 days after the period ends', () => {
    expect(memberLifecycle(state({ cancelAtPeriodEnd: true }), now)).toEqual({ subscriptionStatus: 'active', accountDeletionDate: plus90(periodEnd) });
  });

  it.each(['past_due', 'unpaid'])('%s is past_due, deleted 90 days after the lapse', (status) => {
    expect(memberLifecycle(state({ status, lapsedAt }), now)).toEqual({ subscriptionStatus: 'past_due', accountDeletionDate: plus90(lapsedAt) });
  });

  it('counts from now when the lapse is not known', () => {
    expect(memberLifecycle(state({ status: 'past_due' }), now).accountDeletionDate).toEqual(plus90(now));
  });

  it('paid again is active and clears the date, even with a lapse still recorded', () => {
    expect(memberLifecycle(state({ status: 'active', lapsedAt }), now)).toEqual({ subscriptionStatus: 'active', accountDeletionDate: null });
  });

  it.each(['canceled', 'incomplete_expired'])('%s is canceled, deleted 90 days after it ended', (status) => {
    expect(memberLifecycle(state({ status }), now)).toEqual({ subscriptionStatus: 'canceled', accountDeletionDate: plus90(periodEnd) });
    expect(memberLifecycle(state({ status, currentPeriodEnd: null }), now).accountDeletionDate).toEqual(plus90(now));
  });
});
