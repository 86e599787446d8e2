import { parseConfig } from '@app/config';
import { runMigrations } from '@app/database';
import { JobQueues, JOBS, QUEUES } from '@app/queue';
import { createTestDatabase, deleteRedisKeys, testRedisPrefix, testRedisUrl } from '@app/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { billingDataSourceOptions } from '../src/billing-data-source';
import { BillingConfig, billingConfigSchema } from '../src/config/billing-config.schema';
import { createBillingApp } from '../src/create-billing-app';
import { LocalPaymentRepository } from '../src/providers/local/local-payment.repository';
import { LocalPaymentProvider } from '../src/providers/local/local-payment-provider';
import { PAYMENT_PROVIDER } from '../src/providers/payment-provider';

export interface BillingTestApp {
  app: NestExpressApplication;
  baseUrl: string;
  config: BillingConfig;
  dataSource: DataSource;
  internalToken: string;
  /** The provider in use (local), to sign events as it does. */
  provider: LocalPaymentProvider;
  /** The local provider's records, to change a subscription as the provider would (past due, paid again). */
  local: LocalPaymentRepository;
  close(): Promise<void>;
}

/** The real billing service (local provider) on a database and Redis prefix of its own, listening on a loopback port. */
export async function startBillingTestApp(overrides: Record<string, string> = {}): Promise<BillingTestApp> {
  const database = await createTestDatabase();
  const redisUrl = testRedisUrl();
  const config = parseConfig(billingConfigSchema, {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: testRedisPrefix(),
    INTERNAL_SERVICE_TOKEN: randomBytes(32).toString('base64url'),
    LOCAL_WEBHOOK_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    // A free port: test files run in parallel, each with its own stack.
    METRICS_PORT: '0',
    ...overrides,
  });
  await runMigrations(billingDataSourceOptions(config.DATABASE_URL));
  const app = await createBillingApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const dataSource = app.get(DataSource);
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    dataSource,
    internalToken: config.INTERNAL_SERVICE_TOKEN,
    provider: app.get(PAYMENT_PROVIDER),
    local: new LocalPaymentRepository(dataSource),
    async close() {
      await app.close();
      await deleteRedisKeys(redisUrl, config.REDIS_PREFIX);
      await database.drop();
    },
  };
}

export const ORIGIN = 'https://app.example.com';
export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  wrong: '4242 4242 4242 4241',
  /** Other Stripe test cards that succeed: a different card (fingerprint) than 4242. */
  mastercard: '5555 5555 5555 4444',
  visaDebit: '4000 0566 5566 5556',
};

/** A call as the gateway makes it: with the service credential, for a member when `userId` is given. */
export function call(billing: BillingTestApp, method: 'get' | 'post', path: string, userId?: string) {
  const test = request(billing.baseUrl)[method](path).set('X-Internal-Token', billing.internalToken);
  return userId ? test.set('X-Actor-User-Id', userId) : test;
}

export async function startCheckout(
  billing: BillingTestApp,
  userId: string,
  plan: 'monthly' | 'annual' = 'monthly',
): Promise<{ sessionId: string; url: string }> {
  const response = await call(billing, 'post', '/subscriptions/checkout', userId)
    .send({ plan, email: 'member@example.com', origin: ORIGIN })
    .expect(200);
  return response.body;
}

export function pay(billing: BillingTestApp, userId: string, sessionId: string, cardNumber = CARDS.ok) {
  return call(billing, 'post', `/test-checkout/${sessionId}/pay`, userId).send({
    cardNumber,
    expiry: '12 / 34',
    cvc: '123',
  });
}

/** Polls until `check` holds (the queue's worker runs in the background). */
export async function eventually<T>(
  probe: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function eventRows(
  billing: BillingTestApp,
): Promise<{ id: string; provider_event_id: string; type: string; processed_at: Date | null; payload: unknown }[]> {
  return billing.dataSource.query(
    `SELECT id, provider_event_id, type, processed_at, payload FROM billing.provider_events ORDER BY received_at, type`,
  );
}

export const allProcessed = (count: number) => (rows: { processed_at: Date | null }[]) =>
  rows.length === count && rows.every((row) => row.processed_at !== null);

/** Every apply-subscription-change job on the account-updates queue, oldest first. */
export async function accountUpdateJobs(billing: BillingTestApp) {
  const jobs = await billing.app
    .get(JobQueues)
    .queue(QUEUES.accountUpdates)
    .getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized']);
  return jobs.filter((job) => job.name === JOBS.applySubscriptionChange).sort((a, b) => a.timestamp - b.timestamp);
}

/** Subscribes a member through the local checkout and waits until its events are processed. */
export async function subscribe(
  billing: BillingTestApp,
  userId: string,
  plan: 'monthly' | 'annual' = 'monthly',
  cardNumber: string = CARDS.ok,
): Promise<{ sessionId: string; subscriptionId: string }> {
  const { sessionId } = await startCheckout(billing, userId, plan);
  await pay(billing, userId, sessionId, cardNumber).expect(200);
  const [row] = await eventually(
    (): Promise<{ provider_subscription_id: string }[]> =>
      billing.dataSource.query(`SELECT provider_subscription_id FROM billing.subscriptions WHERE user_id = $1`, [
        userId,
      ]),
    (rows) => rows.length === 1,
  );
  await eventually(
    () => eventRows(billing),
    (rows) => rows.every((r) => r.processed_at !== null),
  );
  return { sessionId, subscriptionId: row.provider_subscription_id };
}

/** Sends the local provider's signed event to /webhooks, as the provider would. */
export function sendEvent(
  billing: BillingTestApp,
  type: string,
  data: {
    subscriptionId?: string | null;
    checkoutId?: string | null;
    customerId?: string | null;
    userId?: string | null;
  },
  options: { id?: string; created?: Date } = {},
) {
  const event = {
    id: options.id ?? `evt_test_${randomBytes(8).toString('hex')}`,
    type,
    created: (options.created ?? new Date()).toISOString(),
    data: { subscriptionId: null, checkoutId: null, customerId: null, userId: null, ...data },
  };
  const { rawBody, signature } = billing.provider.signEvent(event);
  return {
    id: event.id,
    rawBody,
    signature,
    send: () =>
      call(billing, 'post', '/webhooks')
        .set('Content-Type', 'application/json')
        .set('X-Provider-Signature', signature)
        .send(rawBody.toString('utf8')),
  };
}
