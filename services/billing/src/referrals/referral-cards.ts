import type { ReferralRefusalReason } from '@app/contracts';

/** A referral with the fingerprints of every card its referred member has paid with. */
export interface ReferralCards {
  referredUserId: string;
  cards: readonly string[];
}

/**
 * Why a referral paid with `cards` cannot count: one of the referrer's own cards (`same_card`), or a card another
 * counted referral of the same referrer has paid with (`shared_card`: the referrals that earn the reward are paid with
 * different cards between them); null when it may count.
 */
export function cardRefusal(
  cards: readonly string[],
  referrerCards: ReadonlySet<string>,
  countedCards: ReadonlySet<string>,
): ReferralRefusalReason | null {
  if (cards.some((card) => referrerCards.has(card))) return 'same_card';
  if (cards.some((card) => countedCards.has(card))) return 'shared_card';
  return null;
}

/**
 * The counted referrals (given in the order they were counted) that no longer may, with the reason: each is judged
 * against the referrer's cards and the cards of the earlier ones that still count, so of two sharing a card the one
 * counted first keeps counting.
 */
export function referralsToRefuse(
  counted: readonly ReferralCards[],
  referrerCards: ReadonlySet<string>,
): { referredUserId: string; reason: ReferralRefusalReason }[] {
  const kept = new Set<string>();
  const refused: { referredUserId: string; reason: ReferralRefusalReason }[] = [];
  for (const referral of counted) {
    const reason = cardRefusal(referral.cards, referrerCards, kept);
    if (reason) refused.push({ referredUserId: referral.referredUserId, reason });
    else for (const card of referral.cards) kept.add(card);
  }
  return refused;
}
