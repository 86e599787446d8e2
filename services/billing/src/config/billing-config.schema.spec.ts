import { ConfigError, loadConfigOrExit, parseConfig } from '@app/config';
import type { DataSource } from 'typeorm';
import { createPaymentProvider } from '../providers/create-payment-provider';
import { billingConfigSchema } from './billing-config.schema';

const base = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/billing',
  REDIS_URL: 'redis://127.0.0.1:6379',
  INTERNAL_SERVICE_TOKEN: 'internal-token-internal-token-0123',
};
const LOCAL_SECRET = 'local-webhook-secret-local-webhook-0123';
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  PRICE_MONTHLY: 'price_m',
  PRICE_ANNUAL: 'price_a',
};

describe('billing configuration', () => {
  it('uses the local provider without a Stripe key, on loopback port 3002', () => {
    const config = parseConfig(billingConfigSchema, { ...base, LOCAL_WEBHOOK_SECRET: LOCAL_SECRET });
    expect(config).toMatchObject({
      PAYMENT_PROVIDER: 'local',
      BILLING_HOST: '127.0.0.1',
      BILLING_PORT: 3002,
      BILLING_EVENT_CONCURRENCY: 4,
      METRICS_HOST: '127.0.0.1',
      METRICS_PORT: 9466,
    });
  });

  it('requires the local webhook secret with the local provider (the same on every instance)', () => {
    expect(() => parseConfig(billingConfigSchema, base)).toThrow(
      'Invalid configuration: LOCAL_WEBHOOK_SECRET: is required with the local provider',
    );
    expect(() => parseConfig(billingConfigSchema, { ...base, LOCAL_WEBHOOK_SECRET: 'short' })).toThrow(ConfigError);
  });

  it('uses stripe whenever a secret key is set, which needs the webhook secret and both prices', () => {
    expect(parseConfig(billingConfigSchema, { ...base, ...STRIPE }).PAYMENT_PROVIDER).toBe('stripe');
    for (const name of ['STRIPE_WEBHOOK_SECRET', 'PRICE_MONTHLY', 'PRICE_ANNUAL'] as const) {
      expect(() => parseConfig(billingConfigSchema, { ...base, ...STRIPE, [name]: undefined })).toThrow(
        `Invalid configuration: ${name}: is required with the stripe provider`,
      );
    }
    expect(() => parseConfig(billingConfigSchema, { ...base, PAYMENT_PROVIDER: 'stripe' })).toThrow(
      'Invalid configuration: STRIPE_SECRET_KEY: is required with the stripe provider',
    );
  });

  describe('in production', () => {
    const production = { ...base, NODE_ENV: 'production' };

    it('refuses to start without Stripe unless PAYMENT_PROVIDER=local is set: one line on stderr, exit status 1', () => {
      expect(() => parseConfig(billingConfigSchema, { ...production, LOCAL_WEBHOOK_SECRET: LOCAL_SECRET })).toThrow(
        'Invalid configuration: PAYMENT_PROVIDER: is required in production without STRIPE_SECRET_KEY: configure Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, PRICE_MONTHLY, PRICE_ANNUAL) or set PAYMENT_PROVIDER=local for the TEST MODE checkout (no real payments)',
      );
      const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
      const exit = jest.spyOn(process, 'exit').mockImplementation(((code?: number) => {
        throw new Error(`exit ${code}`);
      }) as typeof process.exit);
      try {
        expect(() =>
          loadConfigOrExit(billingConfigSchema, { ...production, LOCAL_WEBHOOK_SECRET: LOCAL_SECRET }),
        ).toThrow('exit 1');
        expect(exit).toHaveBeenCalledWith(1);
        expect(stderr).toHaveBeenCalledTimes(1);
        expect(String(stderr.mock.calls[0][0])).toMatch(
          /^Invalid configuration: PAYMENT_PROVIDER: is required in production [^\n]+\n$/,
        );
      } finally {
        jest.restoreAllMocks();
      }
    });

    it('starts with Stripe configured, or with the local provider named explicitly', () => {
      expect(parseConfig(billingConfigSchema, { ...production, ...STRIPE }).PAYMENT_PROVIDER).toBe('stripe');
      expect(
        parseConfig(billingConfigSchema, { ...production, ...STRIPE, PAYMENT_PROVIDER: 'stripe' }).PAYMENT_PROVIDER,
      ).toBe('stripe');
      expect(
        parseConfig(billingConfigSchema, {
          ...production,
          PAYMENT_PROVIDER: 'local',
          LOCAL_WEBHOOK_SECRET: LOCAL_SECRET,
        }).PAYMENT_PROVIDER,
      ).toBe('local');
    });
  });

  it('refuses PAYMENT_PROVIDER=local beside a Stripe key, and any other provider name', () => {
    expect(() =>
      parseConfig(billingConfigSchema, {
        ...base,
        ...STRIPE,
        PAYMENT_PROVIDER: 'local',
        LOCAL_WEBHOOK_SECRET: LOCAL_SECRET,
      }),
    ).toThrow('Invalid configuration: PAYMENT_PROVIDER: is local, but STRIPE_SECRET_KEY is set: unset one of them');
    expect(() =>
      parseConfig(billingConfigSchema, { ...base, PAYMENT_PROVIDER: 'paypal', LOCAL_WEBHOOK_SECRET: LOCAL_SECRET }),
    ).toThrow('Invalid configuration: PAYMENT_PROVIDER: must be local or stripe');
  });

  it('the provider factory builds the adapter the configuration names', () => {
    const config = parseConfig(billingConfigSchema, { ...base, ...STRIPE });
    expect(createPaymentProvider(config, {} as DataSource).name).toBe('stripe');
    expect(
      createPaymentProvider(
        parseConfig(billingConfigSchema, { ...base, LOCAL_WEBHOOK_SECRET: LOCAL_SECRET }),
        {} as DataSource,
      ).name,
    ).toBe('local');
  });
});
