import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { BILLING_SCHEMA } from '../database/billing-schema';

/**
 * A member's billing data, all of it, for their account's deletion; and the deleted members (`deleted_members`), so
 * that nothing is recorded for them again.
 */
@Injectable()
export class DeletedMembersRepository {
  async isDeleted(transaction: Transaction, userId: string): Promise<boolean> {
    const rows = (await transaction.query(`SELECT 1 FROM ${BILLING_SCHEMA}.deleted_members WHERE user_id = $1`, [
      userId,
    ])) as unknown[];
    return rows.length > 0;
  }

  /**
   * Deletes the member's customers, subscriptions, checkouts, cards, referral records and audit rows, and strips their provider events down to what keeps
   * a replay from being applied again: the provider's event id, type and times stay, the payload and every id naming
   * the member or their provider records go (an event not yet processed is marked processed: there is nothing left to
   * apply it to). Then records the member as deleted. Running it twice changes nothing more.
   */
  async deleteMember(transaction: Transaction, userId: string): Promise<void> {
    const schema = BILLING_SCHEMA;
    await transaction.query(
      `UPDATE ${schema}.provider_events
          SET payload = '{}'::jsonb, user_id = NULL, customer_id = NULL, subscription_id = NULL, checkout_id = NULL,
              processed_at = coalesce(processed_at, now())
        WHERE user_id = $1
           OR customer_id IN (SELECT provider_customer_id FROM ${schema}.customers WHERE user_id = $1)
           OR subscription_id IN (SELECT provider_subscription_id FROM ${schema}.subscriptions WHERE user_id = $1)
           OR checkout_id IN (SELECT id FROM ${schema}.checkout_sessions WHERE user_id = $1)`,
      [userId],
    );
    for (const table of [
      'checkout_sessions',
      'subscriptions',
      'customers',
      'payment_cards',
      'referral_rewards',
      'referral_codes',
      'audit_log',
    ]) {
      await transaction.query(`DELETE FROM ${schema}.${table} WHERE user_id = $1`, [userId]);
    }
    // The friends they referred; a referral of theirs by someone else stays, as an opaque id counting towards that
    // member's reward (taking it away would undo what the referrer earned).
    await transaction.query(`DELETE FROM ${schema}.referrals WHERE referrer_user_id = $1`, [userId]);
    await transaction.query(
      `INSERT INTO ${schema}.deleted_members (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`,
      [userId],
    );
  }
}
