// The built app for a benchmark, started as e2e/support/server.ts starts it: the consent service and the gateway as
// child processes on free loopback ports, on a fresh database and Redis prefix of their own, migrated on start.
// stop() ends both and removes the database, the Redis keys and the storage directory.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import pg from 'pg';

export const REPO_ROOT = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');
const GATEWAY_MAIN = join(REPO_ROOT, 'dist/services/gateway/services/gateway/src/main.js');
const CONSENT_MAIN = join(REPO_ROOT, 'dist/services/consent/services/consent/src/main.js');
const FRONTEND_DIR = join(REPO_ROOT, 'dist/frontend');
const ADMIN_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const READY_TIMEOUT_MS = 30_000;

/** Builds whatever part of the app is missing from dist/ (a present build is used as it is). */
export function ensureBuilt() {
  const parts = [
    ['build:web', join(FRONTEND_DIR, 'index.html')],
    ['build:gateway', GATEWAY_MAIN],
    ['build:consent', CONSENT_MAIN],
  ];
  for (const [script, output] of parts) {
    if (existsSync(output)) continue;
    const built = spawnSync('npm', ['run', '--silent', script], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`npm run ${script} failed`);
  }
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function deleteRedisKeys(prefix) {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

function spawnService(main, env) {
  let log = '';
  const child = spawn(process.execPath, [main], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  return { child, output: () => log };
}

async function waitForReady(name, baseUrl, service) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null) throw new Error(`The ${name} exited before it was ready:\n${service.output()}`);
    const ready = await fetch(`${baseUrl}/readyz`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`The ${name} was not ready after ${READY_TIMEOUT_MS} ms:\n${service.output()}`);
}

async function stopService({ child }) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the consent service, then the gateway; returns `{ baseUrl, sql(text, params), stop() }`. */
export async function startAppStack() {
  const database = `bench_web_${process.pid}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(ADMIN_DATABASE_URL), { pathname: `/${database}` }).toString();
  const redisPrefix = `bench:web:${process.pid}:${randomBytes(4).toString('hex')}:`;
  const storageDir = await mkdtemp(join(tmpdir(), 'bench-storage-'));
  const [port, consentPort] = [await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${port}`;
  const consentUrl = `http://127.0.0.1:${consentPort}`;
  const internalToken = randomBytes(32).toString('base64url');
  const shared = { DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: redisPrefix, INTERNAL_SERVICE_TOKEN: internalToken, STORAGE_DIR: storageDir, MIGRATE_ON_START: 'true' };

  const services = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  const stop = async () => {
    await Promise.all(services.map(stopService));
    await db.end().catch(() => undefined);
    await deleteRedisKeys(redisPrefix).catch(() => undefined);
    await adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await rm(storageDir, { recursive: true, force: true });
  };

  await adminQuery(`CREATE DATABASE "${database}"`);
  try {
    const consent = spawnService(CONSENT_MAIN, {
      ...shared,
      CONSENT_HOST: '127.0.0.1',
      CONSENT_PORT: String(consentPort),
      STORAGE_ENCRYPTION_KEYS: `bench1:${randomBytes(32).toString('base64')}`,
      STORAGE_ENCRYPTION_ACTIVE_KEY_ID: 'bench1',
    });
    services.push(consent);
    // Both migrate on start; the consent service first, so the two never race on one database.
    await waitForReady('consent service', consentUrl, consent);
    const gateway = spawnService(GATEWAY_MAIN, {
      ...shared,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      CONSENT_SERVICE_URL: consentUrl,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      SUPPORT_EMAIL: 'support@bench.example',
      FRONTEND_DIR,
      COOKIE_SECURE: 'false',
    });
    services.push(gateway);
    await waitForReady('gateway', baseUrl, gateway);
    await db.connect();
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, sql: async (text, params = []) => (await db.query(text, params)).rows, stop };
}
