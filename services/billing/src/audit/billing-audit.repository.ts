import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { BILLING_SCHEMA } from '../database/billing-schema';

export type BillingAuditAction =
  | 'subscription_cancelled'
  | 'subscription_resumed'
  | 'checkout_expired'
  | 'duplicate_refunded'
  | 'referral_reward_revoked';

export interface BillingAuditEntry {
  userId: string;
  action: BillingAuditAction;
  /** The provider's id of what changed (a subscription, a checkout). */
  subject: string;
  /** Ids and reasons only: never an e-mail or a card. */
  details?: Record<string, string>;
}

/** `audit_log`: append only. */
@Injectable()
export class BillingAuditRepository {
  async record(transaction: Transaction, entry: BillingAuditEntry): Promise<void> {
    await transaction.query(
      `INSERT INTO ${BILLING_SCHEMA}.audit_log (user_id, action, subject, details) VALUES ($1, $2, $3, $4)`,
      [entry.userId, entry.action, entry.subject, entry.details ?? {}],
    );
  }
}
