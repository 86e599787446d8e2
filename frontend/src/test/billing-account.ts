import type { BillingAccount } from '@app/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An active monthly subscription as billing answers it; tests override only what they are about. */
export function testBillingAccount(overrides: Partial<BillingAccount> = {}): BillingAccount {
  return {
    plan: 'monthly',
    subscriptionStatus: 'active',
    currentPeriodEnd: '2030-01-31T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    accountDeletionDate: null,
    provider: 'local',
    ...overrides,
  };
}

/** A date `days` from now, as the API writes one. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
