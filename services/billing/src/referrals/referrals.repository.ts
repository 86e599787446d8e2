import type { ReferralRefusalReason } from '@app/contracts';
import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PaymentCard, Referral, ReferralCode, ReferralReward } from './referral.entities';

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
    await this.dataSource.createQueryBuilder().insert().into(ReferralCode).values({ userId, code }).orIgnore().updateEntity(false).execute();
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
    await transaction.createQueryBuilder(ReferralCode, 'code').select('code.userId').where({ userId: referrerUserId }).setLock('pessimistic_write').getOne();
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
  async settle(transaction: Transaction, referredUserId: string, refusalReason: ReferralRefusalReason | null): Promise<boolean> {
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
    await this.dataSource.createQueryBuilder().insert().into(PaymentCard).values({ userId, fingerprint }).orIgnore().updateEntity(false).execute();
  }

  hasPaidWith(transaction: Transaction, userId: string, fingerprint: string): Promise<boolean> {
    return transaction.existsBy(PaymentCard, { userId, fingerprint });
  }

  /**
   * The referrer's counted referrals whose referred member has paid with a card the referrer has paid with (in either
   * order) no longer count: refused as `same_card`. Answers how many were refused now.
   */
  async refuseSameCard(transaction: Transaction, referrerUserId: string): Promise<number> {
    const rows: unknown[] = await transaction.query(
      `UPDATE ${this.table(Referral)} AS referral
          SET status = 'refused', refusal_reason = 'same_card', refused_at = now(), counted_at = NULL
        WHERE referral.referrer_user_id = $1 AND referral.status = 'counted'
          AND EXISTS (
            SELECT 1 FROM ${this.table(PaymentCard)} AS theirs JOIN ${this.table(PaymentCard)} AS mine ON mine.fingerprint = theirs.fingerprint
             WHERE theirs.user_id = referral.referred_user_id AND mine.user_id = $1)
        RETURNING referral.referred_user_id`,
      [referrerUserId],
    );
    return (rows[0] as unknown[] | undefined)?.length ?? 0;
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
    await transaction.createQueryBuilder().insert().into(ReferralReward).values({ userId }).orIgnore().updateEntity(false).execute();
  }

  reward(userId: string): Promise<ReferralReward | null> {
    return this.dataSource.getRepository(ReferralReward).findOneBy({ userId });
  }

  /** The reward's row, locked until the transaction ends (one grant at a time). */
  lockReward(transaction: Transaction, userId: string): Promise<ReferralReward | null> {
    return transaction.createQueryBuilder(ReferralReward, 'reward').where({ userId }).setLock('pessimistic_write').getOne();
  }

  async markGranted(transaction: Transaction, userId: string, providerSubscriptionId: string): Promise<void> {
    await transaction.update(ReferralReward, { userId }, { providerSubscriptionId, grantedAt: () => 'now()' });
  }
}
