import { cardRefusal, referralsToRefuse } from './referral-cards';

describe('cardRefusal', () => {
  const referrer = new Set(['fp_referrer']);

  it("refuses a card of the referrer's as same_card, before any other reason", () => {
    expect(cardRefusal(['fp_new', 'fp_referrer'], referrer, new Set(['fp_new']))).toBe('same_card');
  });

  it('refuses a card another counted referral paid with as shared_card', () => {
    expect(cardRefusal(['fp_a'], referrer, new Set(['fp_a', 'fp_b']))).toBe('shared_card');
  });

  it('lets a referral paid with cards of its own count, and one with no known card', () => {
    expect(cardRefusal(['fp_c'], referrer, new Set(['fp_a', 'fp_b']))).toBeNull();
    expect(cardRefusal([], referrer, new Set(['fp_a']))).toBeNull();
  });
});

describe('referralsToRefuse', () => {
  const referrer = new Set(['fp_referrer']);

  it('keeps four referrals paid with four different cards', () => {
    const counted = ['a', 'b', 'c', 'd'].map((id) => ({ referredUserId: id, cards: [`fp_${id}`] }));
    expect(referralsToRefuse(counted, referrer)).toEqual([]);
  });

  it('keeps the first of referrals sharing a card and refuses the later ones, whichever of their cards is shared', () => {
    const counted = [
      { referredUserId: 'a', cards: ['fp_1'] },
      { referredUserId: 'b', cards: ['fp_1'] },
      { referredUserId: 'c', cards: ['fp_2', 'fp_1'] },
      { referredUserId: 'd', cards: ['fp_3'] },
    ];
    expect(referralsToRefuse(counted, referrer)).toEqual([
      { referredUserId: 'b', reason: 'shared_card' },
      { referredUserId: 'c', reason: 'shared_card' },
    ]);
  });

  it("compares only with referrals still counted: a card of one refused as the referrer's does not refuse another", () => {
    const counted = [
      { referredUserId: 'a', cards: ['fp_referrer', 'fp_1'] },
      { referredUserId: 'b', cards: ['fp_1'] },
    ];
    expect(referralsToRefuse(counted, referrer)).toEqual([{ referredUserId: 'a', reason: 'same_card' }]);
  });
});
