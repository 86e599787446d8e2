import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { BillingTestApp, call, startBillingTestApp } from './billing-test-app';
import { FakeStripeApi } from './fake-stripe-api';

/** The price ids the Stripe-provider tests configure. */
export const TEST_PRICES = { monthly: 'price_test_monthly_40', annual: 'price_test_annual_400' };

/** The billing service on its `stripe` provider, talking to a fresh Stripe-like API on loopback. */
export async function startStripeBilling(
  webhookSecret: string,
): Promise<{ api: FakeStripeApi; billing: BillingTestApp; stop(): Promise<void> }> {
  const api = await new FakeStripeApi().start();
  const billing = await startBillingTestApp({
    STRIPE_SECRET_KEY: api.secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    PRICE_MONTHLY: TEST_PRICES.monthly,
    PRICE_ANNUAL: TEST_PRICES.annual,
    STRIPE_API_BASE_URL: `http://127.0.0.1:${api.port}`,
  });
  return {
    api,
    billing,
    async stop() {
      await billing.close();
      await api.stop();
    },
  };
}

/** An event as Stripe sends it to a webhook endpoint: its exact body, and a real `Stripe-Signature` header for it. */
export function stripeEvent(
  webhookSecret: string,
  type: string,
  object: Record<string, unknown>,
): { id: string; payload: string; signature: string } {
  const event = {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  const payload = JSON.stringify(event);
  return {
    id: event.id,
    payload,
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
  };
}

/** Sends Stripe's event about `object` to /webhooks as Stripe delivers it (signed with Stripe's own scheme); answers its id. */
export async function sendStripeEvent(
  billing: BillingTestApp,
  webhookSecret: string,
  type: string,
  object: Record<string, unknown>,
): Promise<string> {
  const event = stripeEvent(webhookSecret, type, object);
  await call(billing, 'post', '/webhooks')
    .set('Content-Type', 'application/json')
    .set('X-Provider-Signature', event.signature)
    .send(event.payload)
    .expect(200);
  return event.id;
}
