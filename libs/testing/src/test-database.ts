import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database per test file, so files can run in parallel against one server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export function testRedisUrl(): string {
  return process.env.REDIS_URL ?? DEFAULT_TEST_REDIS_URL;
}

/**
 * Database 1 of the tests' Redis, as the live takes' own Redis (LIVE_REDIS_URL) where a test tells the two apart:
 * keys written through the wrong connection are then not where the test looks.
 */
export function testLiveRedisUrl(): string {
  const url = new URL(testRedisUrl());
  url.pathname = '/1';
  return url.toString();
}

/** A Redis key prefix unique to one test file. */
export function testRedisPrefix(): string {
  return `test:${process.pid}:${randomBytes(4).toString('hex')}:`;
}
