// The app as e2e/support/server.ts starts it (the built consent service and gateway on free loopback ports, a fresh
// database, a Redis prefix and storage of their own, migrations on start) but with production's LOG_LEVEL=info and
// npm start's node options; for bench:status also the bare baseline server (Node's defaults) on the same database;
// for bench:verdict also the media worker (one recording at a time), with the consent service's key ring; for
// bench:live a second gateway (replicas sharing the Redis prefix, so Socket.IO rooms span both). The daily limit of
// phone codes per number and the live joins per address are raised: a benchmark proves one partner number for every
// session it records, and all its partner sockets come from 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SERVICE_NODE_OPTIONS } from '../../lib/service-node-options.mjs';
import { freePort, startProcess, stopProcess, waitForOutput, waitForReady } from './processes.mjs';
import { importTypeScript } from './typescript.mjs';

const { deleteRedisKeys } = await importTypeScript('../../../libs/testing/src/redis-cleanup.ts', import.meta.url);

const ADMIN_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Production's level unless an experiment asks otherwise (the report prints the level used). */
export const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
/** The media worker's analyses at once (k8s's 1) and decoder processes (its config's default): others to measure them. */
export const WORKER_SETTINGS = {
  MEDIA_CONCURRENCY: process.env.BENCH_MEDIA_CONCURRENCY ?? '1',
  ...(process.env.BENCH_DECODER_PROCESSES ? { DECODER_PROCESSES: process.env.BENCH_DECODER_PROCESSES } : {}),
};
/** The services' as npm start gives them, plus BENCH_NODE_OPTIONS (e.g. '--cpu-prof'). */
const NODE_OPTIONS = [...SERVICE_NODE_OPTIONS, ...(process.env.BENCH_NODE_OPTIONS?.split(/\s+/).filter(Boolean) ?? [])];

const { services } = JSON.parse(readFileSync(new URL('../../lib/services.json', import.meta.url), 'utf8'));
export const MAINS = {
  ...Object.fromEntries(services.map(({ name, main }) => [name, main])),
  baseline: 'scripts/bench/baseline-server.mjs',
};

async function adminQuery(text, params = []) {
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    return (await admin.query(text, params)).rows;
  } finally {
    await admin.end();
  }
}

/**
 * Starts the app (and the baseline server unless `baseline` is false; the media worker when `mediaWorker` is true;
 * `gateways` gateways, the first at `gatewayUrl`, all at `gatewayUrls`); `sql()` runs a query on the app's database;
 * `stop()` ends the processes and removes the database, Redis keys and files.
 */
export async function startStack({ baseline = true, mediaWorker = false, gateways = 1 } = {}) {
  const name = `bench_status_${process.pid}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(ADMIN_DATABASE_URL), { pathname: `/${name}` }).toString();
  const redisPrefix = `bench:${process.pid}:${randomBytes(4).toString('hex')}:`;
  const workDir = await mkdtemp(join(tmpdir(), 'bench-status-'));
  const [consentPort, baselinePort] = [await freePort(), await freePort()];
  const gatewayPorts = [];
  for (let i = 0; i < gateways; i += 1) gatewayPorts.push(await freePort());
  const shared = {
    NODE_ENV: 'production',
    LOG_LEVEL,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    // Production's own Redis for the live takes (one that keeps nothing on disk): the same local one here.
    LIVE_REDIS_URL: REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    INTERNAL_SERVICE_TOKEN: randomBytes(32).toString('base64url'),
    MEDIA_WORKER_TOKEN: randomBytes(32).toString('base64url'),
    STORAGE_BACKEND: 'local',
    STORAGE_DIR: join(workDir, 'storage'),
    MIGRATE_ON_START: 'true',
    // A free port each: several stacks (or npm start) may run on this machine at once.
    METRICS_PORT: '0',
  };
  // What the consent service encrypts recordings with and the media worker decrypts them with.
  const keyRing = {
    STORAGE_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
    STORAGE_ENCRYPTION_ACTIVE_KEY_ID: 'bench',
  };
  const processes = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  let stopped;
  const gatewayUrls = gatewayPorts.map((port) => `http://127.0.0.1:${port}`);
  const stack = {
    gatewayUrl: gatewayUrls[0],
    gatewayUrls,
    consentUrl: `http://127.0.0.1:${consentPort}`,
    redisUrl: REDIS_URL,
    redisPrefix,
    /** What the gateways sign session tokens with, and the media worker's credential to the consent service. */
    jwtSecret: randomBytes(32).toString('base64url'),
    mediaWorkerToken: shared.MEDIA_WORKER_TOKEN,
    /** The services' credential to each other, which also reads the consent service's development outbox. */
    internalToken: shared.INTERNAL_SERVICE_TOKEN,
    baselineUrl: `http://127.0.0.1:${baselinePort}`,
    databaseUrl,
    workDir,
    processes: {},
    /** The Postgres backends serving this database now, as processes whose CPU time can be read. */
    async postgresBackends() {
      const rows = await adminQuery('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
      return rows.map(({ pid }) => ({ child: { pid } }));
    },
    async sql(text, params = []) {
      return (await db.query(text, params)).rows;
    },
    stop() {
      stopped ??= (async () => {
        await db.end().catch(() => undefined);
        await Promise.all(processes.map(stopProcess));
        await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
        await deleteRedisKeys(REDIS_URL, redisPrefix).catch(() => undefined);
        await rm(workDir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
  const start = (key, env, nodeOptions) => {
    const started = startProcess(key, MAINS[key.replace(/-\d+$/, '')], env, join(workDir, `${key}.log`), nodeOptions);
    processes.push(started);
    stack.processes[key] = started;
    return started;
  };

  await adminQuery(`CREATE DATABASE "${name}"`);
  try {
    // The consent service first: both migrate on start, and the gateway calls it.
    const consent = start(
      'consent',
      {
        ...shared,
        // The benches read the phone codes from the outbox of the log provider, which production refuses; NODE_ENV
        // otherwise only adds the internal /dev/texts route.
        NODE_ENV: 'development',
        CONSENT_HOST: '127.0.0.1',
        CONSENT_PORT: String(consentPort),
        ...keyRing,
        // Required in production (certificates are signed with it): a key of this run's.
        CERTIFICATE_SIGNING_KEYS: `bench:${randomBytes(32).toString('base64')}`,
        CERTIFICATE_ACTIVE_KEY_ID: 'bench',
        // bench:verdict proves one partner number for each of its ~100 sessions (BENCH_RUNS=20), through the API:
        // past the default 10 codes per number a day. Nothing else of the service depends on it.
        PHONE_CODES_PER_NUMBER_PER_DAY: '100000',
        // ... all of them from 127.0.0.1, for few members.
        PHONE_CODES_PER_ADDRESS_PER_HOUR: '100000',
        PHONE_CODES_PER_MEMBER_PER_HOUR: '100000',
      },
      NODE_OPTIONS,
    );
    await waitForReady(consent, `http://127.0.0.1:${consentPort}/readyz`);
    for (const [index, port] of gatewayPorts.entries()) {
      const gateway = start(
        index === 0 ? 'gateway' : `gateway-${index + 1}`,
        {
          ...shared,
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: stack.gatewayUrl,
          CONSENT_SERVICE_URL: stack.consentUrl,
          JWT_SECRET: stack.jwtSecret,
          SUPPORT_EMAIL: 'bench@example.invalid',
          FRONTEND_DIR: 'dist/frontend',
          REGISTRATIONS_PER_IP_PER_HOUR: '1000',
          LIVE_JOINS_PER_IP_PER_MINUTE: '1000000',
        },
        NODE_OPTIONS,
      );
      await waitForReady(gateway, `${gatewayUrls[index]}/readyz`);
    }
    if (mediaWorker) {
      // No database; its only port (metrics and probes) is a free one: ready once it says it consumes.
      const worker = start(
        'media-worker',
        {
          NODE_ENV: 'production',
          LOG_LEVEL,
          METRICS_PORT: '0',
          REDIS_URL,
          LIVE_REDIS_URL: REDIS_URL,
          REDIS_PREFIX: redisPrefix,
          CONSENT_SERVICE_URL: `http://127.0.0.1:${consentPort}`,
          MEDIA_WORKER_TOKEN: shared.MEDIA_WORKER_TOKEN,
          STORAGE_BACKEND: 'local',
          STORAGE_DIR: shared.STORAGE_DIR,
          ...keyRing,
          ...WORKER_SETTINGS,
          TRANSCRIBER: 'local',
          ...(process.env.POCKETSPHINX_BIN_DIR ? { POCKETSPHINX_BIN_DIR: process.env.POCKETSPHINX_BIN_DIR } : {}),
        },
        NODE_OPTIONS,
      );
      await waitForOutput(worker, /media-worker: consuming/);
    }
    await db.connect();
    if (baseline) {
      const server = start('baseline', { DATABASE_URL: databaseUrl, PORT: String(baselinePort) });
      await waitForReady(server, `${stack.baselineUrl}/rows/00000000-0000-4000-8000-000000000000`);
    }
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}
