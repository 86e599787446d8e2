import { env, serviceConfigShape } from '@app/config';
import { DEFAULT_METRICS_PORTS, metricsConfigShape } from '@app/metrics';
import { JOB_CONTRACTS, JOBS } from '@app/queue';
import { z } from 'zod';

export const billingConfigSchema = z
  .object({
    ...serviceConfigShape,
    ...metricsConfigShape(DEFAULT_METRICS_PORTS.billing),
    /** Internal service: reached only by the gateway, so it listens on loopback unless told otherwise. */
    BILLING_HOST: z.string().default('127.0.0.1'),
    BILLING_PORT: env.port(3002),
    /**
     * The provider, named explicitly: `stripe` (needs the Stripe settings below) or `local` (the app's own TEST MODE
     * checkout, fully offline: nobody is charged). Unset: `stripe` whenever STRIPE_SECRET_KEY is set, else `local`,
     * except in production, which refuses to start rather than take payments in TEST MODE without being told to.
     */
    PAYMENT_PROVIDER: z.enum(['local', 'stripe'], { message: 'must be local or stripe' }).optional(),
    /** Stripe's secret key: with it (and PAYMENT_PROVIDER unset or `stripe`), the `stripe` provider is used. */
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    /** The webhook endpoint's signing secret (whsec_...); required with STRIPE_SECRET_KEY. */
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Stripe price ids of the plans (section 9: $40/month, $400/year); required with STRIPE_SECRET_KEY. */
    PRICE_MONTHLY: z.string().min(1).optional(),
    PRICE_ANNUAL: z.string().min(1).optional(),
    /** Tests only: the origin of a server that answers like Stripe's API (the SDK's host, port and protocol). */
    STRIPE_API_BASE_URL: env.url(['http:', 'https:']).optional(),
    /**
     * The `local` provider signs its events (HMAC-SHA256) with this, and `/webhooks` verifies them with it, so even the
     * offline path is signed. Required with the `local` provider, and the same on every instance (one instance's
     * events may be received by another): a per-process random default would break that, so there is none.
     */
    LOCAL_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** With the `local` provider: how often the renewal pass renews, lapses or ends subscriptions whose period has ended. */
    LOCAL_RENEWAL_INTERVAL_MS: env.positiveInt(60_000),
    /** Provider events processed at once by this process (the job table's setting, with its default). */
    BILLING_EVENT_CONCURRENCY: env.positiveInt(JOB_CONTRACTS[JOBS.processBillingEvent].concurrency.default),
  })
  .superRefine((config, context) => {
    const provider = paymentProviderOf(config);
    if (provider === null) {
      context.addIssue({ code: 'custom', path: ['PAYMENT_PROVIDER'], message: PRODUCTION_NEEDS_A_PROVIDER });
    } else if (provider === 'stripe') {
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'PRICE_MONTHLY', 'PRICE_ANNUAL'] as const) {
        if (!config[name])
          context.addIssue({ code: 'custom', path: [name], message: 'is required with the stripe provider' });
      }
    } else if (config.STRIPE_SECRET_KEY) {
      // Stripe configured but TEST MODE asked for: one of the two is a mistake, and guessing could take no real payment.
      context.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'is local, but STRIPE_SECRET_KEY is set: unset one of them',
      });
    } else if (!config.LOCAL_WEBHOOK_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['LOCAL_WEBHOOK_SECRET'],
        message: 'is required with the local provider (it signs its events with it)',
      });
    }
  })
  .transform((config) => ({ ...config, PAYMENT_PROVIDER: paymentProviderOf(config)! }));

const PRODUCTION_NEEDS_A_PROVIDER =
  'is required in production without STRIPE_SECRET_KEY: configure Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, PRICE_MONTHLY, PRICE_ANNUAL) or set PAYMENT_PROVIDER=local for the TEST MODE checkout (no real payments)';

/**
 * The provider in use: the one named, else `stripe` with a secret key, else `local` outside production; null in
 * production with neither, which refuses to start (TEST MODE never switches on there without being asked for).
 */
function paymentProviderOf(config: {
  NODE_ENV: string;
  PAYMENT_PROVIDER?: 'local' | 'stripe';
  STRIPE_SECRET_KEY?: string;
}): 'local' | 'stripe' | null {
  if (config.PAYMENT_PROVIDER) return config.PAYMENT_PROVIDER;
  if (config.STRIPE_SECRET_KEY) return 'stripe';
  return config.NODE_ENV === 'production' ? null : 'local';
}

export type BillingConfig = z.infer<typeof billingConfigSchema>;

export const BILLING_CONFIG = Symbol('BILLING_CONFIG');
