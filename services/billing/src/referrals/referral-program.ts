import {
  type ReferralProgress,
  type ReferralRecorded,
  type ReferralRefusalReason,
  REFERRALS_NEEDED,
} from '@app/contracts';
import { type Transaction, UnitOfWork } from '@app/database';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { BillingAuditRepository } from '../audit/billing-audit.repository';
import { PAYMENT_PROVIDER, type PaymentProvider, type SubscriptionState } from '../providers/payment-provider';
import { LIVE_PROVIDER_STATUSES } from '../subscriptions/lifecycle';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { cardRefusal, referralsToRefuse } from './referral-cards';
import { discountedSubscriptions, reachesReward } from './referral-reward';
import { ReferralsRepository } from './referrals.repository';

/** RFC 4648 base32: url-safe, no look-alike lower case; 10 characters carry 50 random bits. */
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const CODE_LENGTH = 10;

export function newReferralCode(): string {
  // 256 is a multiple of 32, so each byte's low 5 bits are uniform.
  return Array.from(randomBytes(CODE_LENGTH), (byte) => CODE_ALPHABET[byte & 31]).join('');
}

/** Codes are matched as the member's link carries them, whatever the case. */
export const normalizeReferralCode = (code: string) => code.trim().toUpperCase();

/**
 * Referrals (spec section 9): every member has a stable code (`/register?ref=CODE`); a referred member counts once
 * their first payment succeeds; at 4 counted, the referrer's membership is free for life (the provider's 100%-off
 * forever discount on their subscription). Self-referral, a second referrer, a member who had paid already, a
 * payment with one of the referrer's own cards, and one with a card another counted referral of the same referrer
 * paid with (the counted referrals use different cards between them; found at any payment of either side, in
 * whichever order) do not count; a reward granted before such a referral was found is taken back when the referrer falls below 4. Counting
 * and the reward run under the referrer's lock, so simultaneous payments count one at a time and the reward is
 * granted once.
 */
@Injectable()
export class ReferralProgram {
  private readonly logger = new Logger(ReferralProgram.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly unitOfWork: UnitOfWork,
    private readonly referrals: ReferralsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly audit: BillingAuditRepository,
  ) {}

  /** The member's code, created on first ask. */
  async codeOf(userId: string): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const existing = await this.referrals.codeOf(userId);
      if (existing) return existing;
      // Either this member got a code meanwhile, or (one chance in 2^50 per code) the code is taken: read again.
      await this.referrals.insertCode(userId, newReferralCode());
    }
    throw new Error('Could not create a referral code');
  }

  /** The member was referred by the owner of `code`: recorded as pending, or refused (and recorded so) with the reason. */
  async refer(userId: string, code: string): Promise<ReferralRecorded> {
    return this.unitOfWork.run(async (transaction) => {
      if (await this.referrals.referralOf(transaction, userId))
        return { status: 'refused', reason: 'already_referred' };
      const referrer = await this.referrals.ownerOf(transaction, normalizeReferralCode(code));
      let reason: ReferralRefusalReason | null = null;
      if (!referrer) reason = 'unknown_code';
      else if (referrer === userId) reason = 'self_referral';
      else if (await this.subscriptions.everPaid(transaction, userId)) reason = 'already_subscribed';
      const inserted = await this.referrals.insertReferral(transaction, {
        referredUserId: userId,
        referrerUserId: referrer,
        refusalReason: reason,
      });
      if (!inserted) return { status: 'refused', reason: 'already_referred' };
      return reason ? { status: 'refused', reason } : { status: 'pending' };
    });
  }

  async progress(userId: string): Promise<ReferralProgress> {
    const code = await this.codeOf(userId);
    const [counted, reward] = await Promise.all([
      this.referrals.countedFor(null, userId),
      this.referrals.reward(userId),
    ]);
    return { code, counted, needed: REFERRALS_NEEDED, freeForLife: reward !== null };
  }

  /**
   * After the event processing recorded a member's subscription as the provider now sees it: the paying card is
   * remembered; a paid (`active`) subscription counts the member's pending referral (once: later renewals find it
   * counted); the same-card rule is checked again on both sides, and a reward no longer reached is taken back; the
   * reward is applied where it is earned and not yet on the current subscription. Throws when the provider could not
   * apply or revoke the reward, so the event is retried (every step is safe to repeat).
   */
  async paymentRecorded(userId: string, state: SubscriptionState): Promise<void> {
    if (state.cardFingerprint) await this.referrals.recordCard(userId, state.cardFingerprint);
    const referrer =
      state.status === 'active'
        ? await this.count(userId)
        : ((await this.referrals.referralOf(null, userId))?.referrerUserId ?? null);
    // A card is compared with every card of the other side, whichever was paid with first: the referred member's card
    // (new or changed) against their referrer's and the other referrals', and, as a referrer, this member's card
    // against their referrals'.
    for (const referrerUserId of new Set([referrer, userId]))
      if (referrerUserId) await this.refuseReusedCards(referrerUserId);
    if (referrer) await this.applyReward(referrer);
    // A rewarded referrer's own (new) subscription gets the discount too.
    await this.applyReward(userId);
  }

  /** Counts or refuses the member's pending referral; answers the referrer, or null without a referral. */
  private async count(userId: string): Promise<string | null> {
    const pending = await this.referrals.referralOf(null, userId);
    if (!pending?.referrerUserId) return null;
    const referrer = pending.referrerUserId;
    if (pending.status !== 'pending') return referrer;
    await this.unitOfWork.run(async (transaction) => {
      await this.referrals.lockReferrer(transaction, referrer);
      const countedCards = new Set(
        (await this.referrals.countedWithCards(transaction, referrer)).flatMap((referral) => referral.cards),
      );
      const reason =
        referrer === userId
          ? 'self_referral'
          : cardRefusal(
              await this.referrals.cardsOf(transaction, userId),
              new Set(await this.referrals.cardsOf(transaction, referrer)),
              countedCards,
            );
      if (!(await this.referrals.settle(transaction, userId, reason))) return;
      this.logger.log(`Referral of a member ${reason ? `refused (${reason})` : 'counted'}`);
      if (!reason && reachesReward(await this.referrals.countedFor(transaction, referrer))) {
        await this.referrals.earnReward(transaction, referrer);
      }
    });
    return referrer;
  }

  /**
   * The referrer's counted referrals paid with one of the referrer's cards (`same_card`) or with a card an earlier
   * counted one paid with (`shared_card`) stop counting, under the referrer's lock; a reward they no longer reach is
   * withdrawn in the same transaction.
   */
  private async refuseReusedCards(referrer: string): Promise<void> {
    await this.unitOfWork.run(async (transaction) => {
      await this.referrals.lockReferrer(transaction, referrer);
      const counted = await this.referrals.countedWithCards(transaction, referrer);
      const refused = referralsToRefuse(counted, new Set(await this.referrals.cardsOf(transaction, referrer)));
      for (const { referredUserId, reason } of refused)
        await this.referrals.refuseCounted(transaction, referredUserId, reason);
      if (refused.length > 0)
        this.logger.log(
          `${refused.length} counted referral(s) refused (${[...new Set(refused.map(({ reason }) => reason))].join(', ')})`,
        );
      // Also when none is refused now: a reward left granted below 4 (before revoking existed) is taken back too.
      await this.withdrawLostReward(transaction, referrer);
    });
  }

  /**
   * A reward the referrer no longer reaches: its discount is revoked at the provider, then the row is deleted (a
   * granted one audited), under the reward row's lock like the grant. Call then delete, as the grant calls then marks:
   * a provider failure or a crash rolls the transaction back, refusal included, and the event's retry runs it all
   * again (revoking twice is harmless).
   */
  private async withdrawLostReward(transaction: Transaction, referrer: string): Promise<void> {
    const reward = await this.referrals.lockReward(transaction, referrer);
    if (!reward) return;
    const counted = await this.referrals.countedFor(transaction, referrer);
    if (reachesReward(counted)) return;
    for (const subscriptionId of discountedSubscriptions(
      reward.providerSubscriptionId,
      await this.subscriptions.currentOf(referrer),
    )) {
      await this.provider.revokeFreeForLife(subscriptionId);
    }
    await this.referrals.withdrawReward(transaction, referrer);
    if (reward.providerSubscriptionId) {
      await this.audit.record(transaction, {
        userId: referrer,
        action: 'referral_reward_revoked',
        subject: reward.providerSubscriptionId,
        details: { counted: String(counted) },
      });
      this.logger.log(
        `Free for life revoked on subscription ${reward.providerSubscriptionId} (${counted} counted referrals)`,
      );
    }
  }

  /**
   * The free-for-life discount on the member's current subscription, when they earned it and it is not applied to
   * that subscription yet: under the reward row's lock, so it is applied once however many payments arrive together.
   */
  private async applyReward(userId: string): Promise<void> {
    const reward = await this.referrals.reward(userId);
    if (!reward) return;
    const current = await this.subscriptions.currentOf(userId);
    if (!current || !(LIVE_PROVIDER_STATUSES as readonly string[]).includes(current.status)) return;
    const subscriptionId = current.providerSubscriptionId;
    if (reward.providerSubscriptionId === subscriptionId) return;
    await this.unitOfWork.run(async (transaction) => {
      const locked = await this.referrals.lockReward(transaction, userId);
      if (!locked || locked.providerSubscriptionId === subscriptionId) return;
      await this.provider.grantFreeForLife(subscriptionId);
      await this.referrals.markGranted(transaction, userId, subscriptionId);
      this.logger.log(`Free for life granted on subscription ${subscriptionId}`);
    });
  }
}
