/** The billing service owns the `billing` schema and nothing else. */
export const BILLING_SCHEMA = 'billing';
