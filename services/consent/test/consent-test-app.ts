import { parseConfig } from '@app/config';
import { runMigrations } from '@app/database';
import { KeyRing, keyRingFromConfig } from '@app/storage';
import { createTestDatabase, deleteRedisKeys, testRedisPrefix, testRedisUrl } from '@app/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { ConsentConfig, consentConfigSchema } from '../src/config/consent-config.schema';
import { createConsentApp } from '../src/create-consent-app';
import { consentDataSourceOptions } from '../src/database/consent-data-source';

export interface ConsentTestApp {
  app: NestExpressApplication;
  /** `http://127.0.0.1:<port>`: the service listens, so other services' tests can call it over real HTTP. */
  baseUrl: string;
  config: ConsentConfig;
  dataSource: DataSource;
  storageDir: string;
  /** The ring the service encrypts with, to read stored objects back in tests. */
  keyRing: KeyRing;
  /** The X-Internal-Token value the service accepts from the gateway. */
  internalToken: string;
  /** The X-Internal-Token value the service accepts from the media worker, on the analysis routes only. */
  mediaWorkerToken: string;
  close(): Promise<void>;
}

export interface ConsentTestAppOptions {
  /** A database whose lifetime the caller manages (migrations are still applied); otherwise one is created and dropped. */
  databaseUrl?: string;
  redisPrefix?: string;
}

/**
 * The real consent service on a database, Redis prefix, storage directory and key ring of its own, listening on a
 * loopback port. Overrides are raw environment values, validated by the same schema as production.
 */
export async function startConsentTestApp(
  overrides: Record<string, string> = {},
  options: ConsentTestAppOptions = {},
): Promise<ConsentTestApp> {
  const database = options.databaseUrl ? undefined : await createTestDatabase();
  const storageDir = await mkdtemp(join(tmpdir(), 'consent-test-'));
  const redisUrl = testRedisUrl();
  const internalToken = randomBytes(32).toString('base64url');
  const config = parseConfig(consentConfigSchema, {
    NODE_ENV: 'test',
    DATABASE_URL: options.databaseUrl ?? database!.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: options.redisPrefix ?? testRedisPrefix(),
    INTERNAL_SERVICE_TOKEN: internalToken,
    MEDIA_WORKER_TOKEN: randomBytes(32).toString('base64url'),
    STORAGE_DIR: storageDir,
    STORAGE_ENCRYPTION_KEYS: `test:${randomBytes(32).toString('base64')}`,
    STORAGE_ENCRYPTION_ACTIVE_KEY_ID: 'test',
    LOG_LEVEL: 'silent',
    // A free port: test files run in parallel, each with its own stack.
    METRICS_PORT: '0',
    // Every test's partner texts the same number; the limit's own test sets it back to the product's 10.
    PHONE_CODES_PER_NUMBER_PER_DAY: '100000',
    // Every test's phone asks from 127.0.0.1 (through the gateway); the limit's own test sets it back.
    PHONE_CODES_PER_ADDRESS_PER_HOUR: '100000',
    ...overrides,
  });
  await runMigrations(consentDataSourceOptions(config.DATABASE_URL));
  const app = await createConsentApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    dataSource: app.get(DataSource),
    storageDir,
    keyRing: keyRingFromConfig(config),
    internalToken: config.INTERNAL_SERVICE_TOKEN,
    mediaWorkerToken: config.MEDIA_WORKER_TOKEN,
    async close() {
      await app.close();
      await deleteRedisKeys(redisUrl, config.REDIS_PREFIX);
      await database?.drop();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}
