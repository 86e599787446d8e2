import { env, serviceConfigShape } from '@app/config';
import { DEFAULT_METRICS_PORTS, metricsConfigShape } from '@app/metrics';
import { z } from 'zod';

/**
 * The `deleteAfterDays` every consent session carries (spec section 9): a member whose subscription lapses, ends or is
 * cancelled keeps the account this many days past that moment, then it is deleted.
 */
export const DELETE_AFTER_DAYS = 90;

export const billingConfigSchema = z
  .object({
    ...serviceConfigShape,
    ...metricsConfigShape(DEFAULT_METRICS_PORTS.billing),
    /** Internal service: reached only by the gateway, so it listens on loopback unless told otherwise. */
    BILLING_HOST: z.string().default('127.0.0.1'),
    BILLING_PORT: env.port(3002),
    /**
     * Stripe's secret key. Set, the `stripe` provider is used; unset, the `local` one (the app's own TEST MODE checkout,
     * fully offline). Nothing else chooses the provider.
     */
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
    /** Provider events processed at once by this process. */
    BILLING_EVENT_CONCURRENCY: env.positiveInt(4),
  })
  .superRefine((config, context) => {
    if (config.STRIPE_SECRET_KEY) {
      for (const name of ['STRIPE_WEBHOOK_SECRET', 'PRICE_MONTHLY', 'PRICE_ANNUAL'] as const) {
        if (!config[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required when STRIPE_SECRET_KEY is set' });
      }
    } else if (!config.LOCAL_WEBHOOK_SECRET) {
      context.addIssue({ code: 'custom', path: ['LOCAL_WEBHOOK_SECRET'], message: 'is required without STRIPE_SECRET_KEY (the local provider signs its events with it)' });
    }
  })
  .transform((config) => ({ ...config, PAYMENT_PROVIDER: config.STRIPE_SECRET_KEY ? ('stripe' as const) : ('local' as const) }));

export type BillingConfig = z.infer<typeof billingConfigSchema>;

export const BILLING_CONFIG = Symbol('BILLING_CONFIG');
