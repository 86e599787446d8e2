import { parseConfig } from '@app/config';
import { runMigrations } from '@app/database';
import { createTestDatabase, deleteRedisKeys, TestDatabase, testRedisPrefix, testRedisUrl } from '@app/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { GatewayConfig, gatewayConfigSchema } from '../src/config/gateway-config.schema';
import { createGatewayApp } from '../src/create-gateway-app';
import { identityDataSourceOptions } from '../src/identity-data-source';

export interface GatewayTestApp {
  app: NestExpressApplication;
  config: GatewayConfig;
  dataSource: DataSource;
  storageDir: string;
  close(): Promise<void>;
}

/**
 * The real gateway on a database, Redis prefix and storage directory of its own, so test files run in parallel.
 * Overrides are raw environment values, validated by the same schema as production.
 */
export interface GatewayTestAppOptions {
  /** A database whose lifetime the caller manages (a second instance of the same deployment); otherwise one is created and dropped. */
  databaseUrl?: string;
}

export async function startGatewayTestApp(
  overrides: Record<string, string> = {},
  options: GatewayTestAppOptions = {},
): Promise<GatewayTestApp> {
  const database: TestDatabase | undefined = options.databaseUrl ? undefined : await createTestDatabase();
  const storageDir = await mkdtemp(join(tmpdir(), 'gateway-test-'));
  const redisUrl = testRedisUrl();
  const config = parseConfig(gatewayConfigSchema, {
    NODE_ENV: 'test',
    DATABASE_URL: options.databaseUrl ?? database!.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: testRedisPrefix(),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    INTERNAL_SERVICE_TOKEN: 'internal-test-token-internal-test-token',
    SUPPORT_EMAIL: 'support@example.test',
    STORAGE_DIR: storageDir,
    FRONTEND_DIR: join(storageDir, 'no-frontend'),
    LOG_LEVEL: 'silent',
    // A free port: test files run in parallel, each with its own stack.
    METRICS_PORT: '0',
    ...overrides,
  });
  await runMigrations(identityDataSourceOptions(config.DATABASE_URL));
  const app = await createGatewayApp(config);
  await app.init();
  return {
    app,
    config,
    dataSource: app.get(DataSource),
    storageDir,
    async close() {
      await app.close();
      await deleteRedisKeys(redisUrl, config.REDIS_PREFIX);
      if (config.LIVE_REDIS_URL !== redisUrl) await deleteRedisKeys(config.LIVE_REDIS_URL, config.REDIS_PREFIX);
      await database?.drop();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}
