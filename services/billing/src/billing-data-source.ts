import { postgresOptions } from '@app/database';
import { CheckoutSession } from './checkouts/checkout-session.entity';
import { Customer } from './customers/customer.entity';
import { BILLING_SCHEMA } from './database/billing-schema';
import { ProviderEventRecord } from './events/provider-event.entity';
import { CreateBilling1764200000000 } from './migrations/1764200000000-create-billing';
import { CreateReferrals1764300000000 } from './migrations/1764300000000-create-referrals';
import { DeletedMembers1764450000000 } from './migrations/1764450000000-deleted-members';
import { LocalCardLast41764500000000 } from './migrations/1764500000000-local-card-last4';
import { BillingAuditAndRefunds1764600000000 } from './migrations/1764600000000-billing-audit-and-refunds';
import { SharedCardReferrals1767000000000 } from './migrations/1767000000000-shared-card-referrals';
import { LOCAL_ENTITIES } from './providers/local/local-entities';
import { REFERRAL_ENTITIES } from './referrals/referral.entities';
import { Subscription } from './subscriptions/subscription.entity';

export function billingDataSourceOptions(databaseUrl: string) {
  return postgresOptions({
    url: databaseUrl,
    schema: BILLING_SCHEMA,
    entities: [Customer, CheckoutSession, Subscription, ProviderEventRecord, ...LOCAL_ENTITIES, ...REFERRAL_ENTITIES],
    migrations: [
      CreateBilling1764200000000,
      CreateReferrals1764300000000,
      DeletedMembers1764450000000,
      LocalCardLast41764500000000,
      BillingAuditAndRefunds1764600000000,
      SharedCardReferrals1767000000000,
    ],
  });
}
