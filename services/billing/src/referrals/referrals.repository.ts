import type { ReferralRefusalReason } from '@app/contracts';
import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PaymentCard, Referral, ReferralCode, ReferralReward } from './referral.entities';
import type { ReferralCards } from './referral-cards';

/** The queries of `referral_codes`, `referrals`, `payment_cards` and `referral_rewards`. */
@Injectable()
export class ReferralsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async codeOf(userId: string): Promise<string | null> {
    const row = await this.dataSource.getRepository(ReferralCode).findOneBy({ userId });
    return row?.code ?? null;
  }

  /** Inserts the member's code unless they have one or the code is taken (insert ... on conflict do nothing). */
  async insertCode(userId: string, code: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(ReferralCode)
      .values({ userId, code })
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  async ownerOf(transaction: Transaction, code: string): Promise<string | null> {
    const row = await transaction.findOneBy(ReferralCode, { code });
    return row?.userId ?? null;
  }

  /**
   * Takes the referrer's lock (their code's row) until the transaction ends: every change to the referrals counted
   * for a referrer, and the reward they earn, happens under it, so simultaneous payments count one at a time.
   */
  async lockReferrer(transaction: Transaction, referrerUserId: string): Promise<void> {
    await transaction
      .createQueryBuilder(ReferralCode, 'code')
      .select('code.userId')
      .where({ userId: referrerUserId })
      .setLock('pessimistic_write')
      .getOne();
  }

  referralOf(transaction: Transaction | null, referredUserId: string): Promise<Referral | null> {
    return (transaction ?? this.dataSource.manager).findOneBy(Referral, { referredUserId });
  }

  /** Records a referral, pending or refused; false when the member was referred already (nothing changes then). */
  async insertReferral(
    transaction: Transaction,
    referral: { referredUserId: string; referrerUserId: string | null; refusalReason: ReferralRefusalReason | null },
  ): Promise<boolean> {
    const refused = referral.refusalReason !== null;
    const result = await transaction
      .createQueryBuilder()
      .insert()
      .into(Referral)
      .values({
        referredUserId: referral.referredUserId,
        referrerUserId: referral.referrerUserId,
        status: refused ? 'refused' : 'pending',
        refusalReason: referral.refusalReason,
        refusedAt: refused ? () => 'now()' : null,
      })
      .orIgnore()
      .returning(['referredUserId'])
      .updateEntity(false)
      .execute();
    return result.raw.length > 0;
  }

  /** Counts or refuses a pending referral; false when it was no longer pending (counted once). */
  async settle(
    transaction: Transaction,
    referredUserId: string,
    refusalReason: ReferralRefusalReason | null,
  ): Promise<boolean> {
    const result = await transaction
      .createQueryBuilder()
      .update(Referral)
      .set(
        refusalReason
          ? { status: 'refused', refusalReason, refusedAt: () => 'now()' }
          : { status: 'counted', countedAt: () => 'now()' },
      )
      .where({ referredUserId, status: 'pending' })
      .updateEntity(false)
      .execute();
    return (result.affected ?? 0) > 0;
  }

  countedFor(transaction: Transaction | null, referrerUserId: string): Promise<number> {
    return (transaction ?? this.dataSource.manager).countBy(Referral, { referrerUserId, status: 'counted' });
  }

  async recordCard(userId: string, fingerprint: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(PaymentCard)
      .values({ userId, fingerprint })
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  async cardsOf(transaction: Transaction, userId: string): Promise<string[]> {
    const cards = await transaction.find(PaymentCard, { select: { fingerprint: true }, where: { userId } });
    return cards.map((card) => card.fingerprint);
  }

  /** The referrer's counted referrals in the order they were counted, each with every card its member has paid with. */
  async countedWithCards(transaction: Transaction, referrerUserId: string): Promise<ReferralCards[]> {
    const rows: { referred_user_id: string; cards: string[] }[] = await transaction.query(
      `SELECT referral.referred_user_id, coalesce(array_agg(card.fingerprint) FILTER (WHERE card.fingerprint IS NOT NULL), '{}') AS cards
         FROM ${this.table(Referral)} AS referral LEFT JOIN ${this.table(PaymentCard)} AS card ON card.user_id = referral.referred_user_id
        WHERE referral.referrer_user_id = $1 AND referral.status = 'counted'
        GROUP BY referral.referred_user_id, referral.counted_at
        ORDER BY referral.counted_at, referral.referred_user_id`,
      [referrerUserId],
    );
    return rows.map((row) => ({ referredUserId: row.referred_user_id, cards: row.cards }));
  }

  /** A counted referral that no longer counts. */
  async refuseCounted(
    transaction: Transaction,
    referredUserId: string,
    refusalReason: ReferralRefusalReason,
  ): Promise<void> {
    await transaction
      .createQueryBuilder()
      .update(Referral)
      .set({ status: 'refused', refusalReason, refusedAt: () => 'now()', countedAt: null })
      .where({ referredUserId, status: 'counted' })
      .updateEntity(false)
      .execute();
  }

  /** A reward no longer earned (its discount revoked at the provider first). */
  async withdrawReward(transaction: Transaction, userId: string): Promise<void> {
    await transaction.delete(ReferralReward, { userId });
  }

  private table(entity: typeof Referral | typeof PaymentCard): string {
    return this.dataSource.getMetadata(entity).tablePath;
  }

  /** The reward earned at 4 counted referrals, recorded once. */
  async earnReward(transaction: Transaction, userId: string): Promise<void> {
    await transaction
      .createQueryBuilder()
      .insert()
      .into(ReferralReward)
      .values({ userId })
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  reward(userId: string): Promise<ReferralReward | null> {
    return this.dataSource.getRepository(ReferralReward).findOneBy({ userId });
  }

  /** The reward's row, locked until the transaction ends (one grant at a time). */
  lockReward(transaction: Transaction, userId: string): Promise<ReferralReward | null> {
    return transaction
      .createQueryBuilder(ReferralReward, 'reward')
      .where({ userId })
      .setLock('pessimistic_write')
      .getOne();
  }

  async markGranted(transaction: Transaction, userId: string, providerSubscriptionId: string): Promise<void> {
    await transaction.update(ReferralReward, { userId }, { providerSubscriptionId, grantedAt: () => 'now()' });
  }
}
