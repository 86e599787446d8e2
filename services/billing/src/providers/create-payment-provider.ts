import type { DataSource } from 'typeorm';
import type { BillingConfig } from '../config/billing-config.schema';
import { LocalPaymentRepository } from './local/local-payment.repository';
import { LocalPaymentProvider } from './local/local-payment-provider';
import type { PaymentProvider } from './payment-provider';
import { StripePaymentProvider } from './stripe/stripe-payment-provider';

/**
 * The configured provider, the only place that builds one (the config decides: PAYMENT_PROVIDER, else `stripe`
 * whenever STRIPE_SECRET_KEY is set, else `local` outside production). Bound to PAYMENT_PROVIDER in the app module;
 * nothing else knows which one is in use.
 */
export function createPaymentProvider(config: BillingConfig, dataSource: DataSource): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    const api = config.STRIPE_API_BASE_URL ? new URL(config.STRIPE_API_BASE_URL) : undefined;
    return new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      prices: { monthly: config.PRICE_MONTHLY!, annual: config.PRICE_ANNUAL! },
      host: api?.hostname,
      port: api ? Number(api.port || (api.protocol === 'https:' ? 443 : 80)) : undefined,
      protocol: api ? (api.protocol.replace(':', '') as 'http' | 'https') : undefined,
    });
  }
  // The schema requires LOCAL_WEBHOOK_SECRET whenever the local provider is the one in use.
  return new LocalPaymentProvider(new LocalPaymentRepository(dataSource), config.LOCAL_WEBHOOK_SECRET!);
}
