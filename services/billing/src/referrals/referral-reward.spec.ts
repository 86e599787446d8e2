import { discountedSubscriptions, reachesReward } from './referral-reward';

describe('reachesReward', () => {
  it('is reached at 4 counted referrals and lost below', () => {
    expect([0, 3, 4, 5].map(reachesReward)).toEqual([false, false, true, true]);
  });
});

describe('discountedSubscriptions', () => {
  const current = (providerSubscriptionId: string, status = 'active') => ({ providerSubscriptionId, status });

  it('is the subscription the reward was granted on, once when it is the current one', () => {
    expect(discountedSubscriptions('sub_1', current('sub_1'))).toEqual(['sub_1']);
    expect(discountedSubscriptions('sub_1', null)).toEqual(['sub_1']);
  });

  it('adds the current live subscription, where a grant not yet marked may have put the discount', () => {
    expect(discountedSubscriptions('sub_1', current('sub_2', 'past_due'))).toEqual(['sub_1', 'sub_2']);
    expect(discountedSubscriptions(null, current('sub_2', 'trialing'))).toEqual(['sub_2']);
  });

  it('leaves out a current subscription that has ended or was never paid: it is not charged', () => {
    expect(discountedSubscriptions('sub_1', current('sub_2', 'canceled'))).toEqual(['sub_1']);
    expect(discountedSubscriptions(null, current('sub_2', 'incomplete'))).toEqual([]);
    expect(discountedSubscriptions(null, null)).toEqual([]);
  });
});
