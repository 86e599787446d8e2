import { ConfigError, parseConfig } from '@app/config';
import type { DataSource } from 'typeorm';
import { createPaymentProvider } from '../providers/create-payment-provider';
import { billingConfigSchema } from './billing-config.schema';

const base = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/billing',
  REDIS_URL: 'redis://127.0.0.1:6379',
  INTERNAL_SERVICE_TOKEN: 'internal-token-internal-token-0123',
};
const LOCAL_SECRET = 'local-webhook-secret-local-webhook-0123';
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123', PRICE_MONTHLY: 'price_m', PRICE_ANNUAL: 'price_a' };

describe('billing configuration', () => {
  it('uses the local provider without a Stripe key, on loopback port 3002', () => {
    const config = parseConfig(billingConfigSchema, { ...base, LOCAL_WEBHOOK_SECRET: LOCAL_SECRET });
    expect(config).toMatchObject({ PAYMENT_PROVIDER: 'local', BILLING_HOST: '127.0.0.1', BILLING_PORT: 3002, BILLING_EVENT_CONCURRENCY: 4, METRICS_HOST: '127.0.0.1', METRICS_PORT: 9466 });
  });

  it('requires the local webhook secret with the local provider (the same on every instance)', () => {
    expect(() => parseConfig(billingConfigSchema, base)).toThrow('Invalid configuration: LOCAL_WEBHOOK_SECRET: is required without STRIPE_SECRET_KEY');
    expect(() => parseConfig(billingConfigSchema, { ...base, LOCAL_WEBHOOK_SECRET: 'short' })).toThrow(ConfigError);
  });

  it('uses stripe whenever a secret key is set, which needs the webhook secret and both prices', () => {
    expect(parseConfig(billingConfigSchema, { ...base, ...STRIPE }).PAYMENT_PROVIDER).toBe('stripe');
    for (const name of ['STRIPE_WEBHOOK_SECRET', 'PRICE_MONTHLY', 'PRICE_ANNUAL'] as const) {
      expect(() => parseConfig(billingConfigSchema, { ...base, ...STRIPE, [name]: undefined })).toThrow(`Invalid configuration: ${name}: is required when STRIPE_SECRET_KEY is set`);
    }
  });

  it('the provider factory builds the adapter the configuration names', () => {
    const config = parseConfig(billingConfigSchema, { ...base, ...STRIPE });
    expect(createPaymentProvider(config, {} as DataSource).name).toBe('stripe');
    expect(createPaymentProvider(parseConfig(billingConfigSchema, { ...base, LOCAL_WEBHOOK_SECRET: LOCAL_SECRET }), {} as DataSource).name).toBe('local');
  });
});
