// The REAL built services (dist/): the consent and billing services, the gateway serving the built web app and the media
// worker, started as child processes on a database, Redis prefix and storage directory of their own, so every test
// file can run its own copy in parallel. Several gateways and media workers can share them, as replicas would.
import { workerName } from '@app/queue';
import {
  consentDevTexts,
  createTestDatabase,
  deleteRedisKeys,
  type DevTextsReader,
  pocketsphinxEnvironment,
  type TestDatabase,
  testRedisPrefix,
  testRedisUrl,
} from '@app/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client, type QueryResultRow } from 'pg';

export const REPO_ROOT = resolve(__dirname, '../..');
export const GATEWAY_MAIN = builtMain('gateway');
export const CONSENT_MAIN = builtMain('consent');
export const BILLING_MAIN = builtMain('billing');
export const MEDIA_WORKER_MAIN = builtMain('media-worker');
export const FRONTEND_DIR = join(REPO_ROOT, 'dist/frontend');
/** The Node 24 the project pins; jest normally already runs on it when started through npx from the repo. */
const PROJECT_NODE = join(REPO_ROOT, 'node_modules/.bin/node');

export const TEST_SUPPORT_EMAIL = 'help@consent-e2e.example.com';
const JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456789';
const INTERNAL_SERVICE_TOKEN = 'e2e-internal-e2e-internal-e2e-internal-0123';
const MEDIA_WORKER_TOKEN = 'e2e-media-worker-e2e-media-worker-e2e-0123';
const LOCAL_WEBHOOK_SECRET = 'e2e-local-webhook-e2e-local-webhook-e2e-0123';
const ENCRYPTION_KEY_ID = 'e2e1';
const READY_TIMEOUT_MS = 30_000;

export interface ServerOptions {
  /** Gateways on the one database and Redis prefix, each on a port of its own (replicas behind one PUBLIC_URL). */
  gateways?: number;
  /** Media workers consuming the one analysis queue. */
  mediaWorkers?: number;
}

export interface TestServer {
  /** The first gateway, e.g. http://127.0.0.1:41234: also the PUBLIC_URL every gateway is given. */
  baseURL: string;
  /** Every gateway, baseURL first. */
  gatewayURLs: string[];
  /** The Redis the services share and their REDIS_PREFIX (BullMQ's prefix is it without the trailing ':'). */
  redis: { url: string; prefix: string };
  /** What each media worker process records as a job's `processedBy`, one per worker. */
  mediaWorkerNames: string[];
  supportEmail: string;
  /** Where both services keep objects (recordings are stored encrypted under recordings/). */
  storageDir: string;
  /** The key ring the consent service encrypts with, as STORAGE_ENCRYPTION_KEYS / _ACTIVE_KEY_ID spell it. */
  encryptionKeys: { spec: string; activeId: string };
  /** The texts the consent service's `log` provider handed over, newest first: what the phones received. */
  devTexts: DevTextsReader;
  /** Runs SQL against this server's own database. */
  sql<T extends QueryResultRow = QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  /** Sets identity.users columns for the account with this e-mail. */
  setUser(email: string, fields: { subscriptionStatus?: string; accountDeletionDate?: string | null }): Promise<void>;
  stop(): Promise<void>;
}

/** A service's built entry point, from the list npm start and npm run migrate read too. */
function builtMain(name: string): string {
  const { services } = JSON.parse(readFileSync(join(REPO_ROOT, 'scripts/lib/services.json'), 'utf8')) as {
    services: { name: string; main: string }[];
  };
  const service = services.find((candidate) => candidate.name === name);
  if (!service) throw new Error(`scripts/lib/services.json lists no service ${name}`);
  return join(REPO_ROOT, service.main);
}

/** The Node the services and scripts run on (the project pins 24). */
export function nodeBinary(): string {
  const major = Number(process.versions.node.split('.')[0]);
  if (major === 24) return process.execPath;
  if (existsSync(PROJECT_NODE)) return PROJECT_NODE;
  throw new Error(
    `The gateway needs Node 24; jest runs on ${process.version}. Run the suite with npx from /work/main.`,
  );
}

/** Starts of a file's services, each on new ports, before a port taken in between fails the file. */
const PORT_ATTEMPTS = 3;

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

async function waitForReady(name: string, baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The ${name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseURL}/readyz`);
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The ${name} was not ready after ${READY_TIMEOUT_MS} ms (last answer: ${last}):\n${output()}`);
}

/** For the media worker, whose only port (metrics and probes) is chosen at start: ready once it says it consumes. */
async function waitForOutput(name: string, ready: RegExp, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!ready.test(output())) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The ${name} exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`The ${name} was not ready after ${READY_TIMEOUT_MS} ms:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface RunningService {
  child: ChildProcess;
  output(): string;
}

/**
 * Starts one built service with only the environment given, so a developer's shell (or .env) cannot leak into the run.
 * Its metrics port is a free one, as several test files run their stacks at once.
 */
function spawnService(main: string, env: Record<string, string>): RunningService {
  let log = '';
  const child = spawn(nodeBinary(), [main], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return { child, output: () => log };
}

async function stopService(service: RunningService): Promise<void> {
  const { child } = service;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited(child);
  clearTimeout(timer);
}

/**
 * The services of one test file, on ports found free a moment before each listens. Another process may take such a
 * port in between (an outgoing connection's ephemeral port comes from the same range), so a start whose service found
 * its port taken is made again, on new ports, after the failed one was cleaned up.
 */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(options);
    } catch (error) {
      if (attempt === PORT_ATTEMPTS || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startServerOnce({ gateways = 1, mediaWorkers = 1 }: ServerOptions): Promise<TestServer> {
  for (const main of [GATEWAY_MAIN, CONSENT_MAIN, BILLING_MAIN, MEDIA_WORKER_MAIN]) {
    if (!existsSync(main))
      throw new Error(
        `${main} is missing: run npm run build:gateway, build:consent, build:billing and build:media-worker`,
      );
  }
  if (!existsSync(join(FRONTEND_DIR, 'index.html')))
    throw new Error(`${FRONTEND_DIR}/index.html is missing: run npm run build:web`);

  const database: TestDatabase = await createTestDatabase();
  const redisUrl = testRedisUrl();
  const redisPrefix = testRedisPrefix();
  const storageDir = await mkdtemp(join(tmpdir(), 'e2e-storage-'));
  const encryptionKeys = {
    spec: `${ENCRYPTION_KEY_ID}:${randomBytes(32).toString('base64')}`,
    activeId: ENCRYPTION_KEY_ID,
  };
  const [consentPort, billingPort] = [await freePort(), await freePort()];
  const gatewayPorts: number[] = [];
  for (let i = 0; i < gateways; i++) gatewayPorts.push(await freePort());
  const gatewayURLs = gatewayPorts.map((port) => `http://127.0.0.1:${port}`);
  const [baseURL] = gatewayURLs;
  const consentURL = `http://127.0.0.1:${consentPort}`;
  const billingURL = `http://127.0.0.1:${billingPort}`;
  /** What every process of the set is given. */
  const everyProcess = { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix, STORAGE_DIR: storageDir };
  const shared = { ...everyProcess, DATABASE_URL: database.url, INTERNAL_SERVICE_TOKEN, MIGRATE_ON_START: 'true' };
  const keyRing = {
    STORAGE_ENCRYPTION_KEYS: encryptionKeys.spec,
    STORAGE_ENCRYPTION_ACTIVE_KEY_ID: encryptionKeys.activeId,
  };
  const gatewayEnv = (port: number) => ({
    ...shared,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseURL,
    CONSENT_SERVICE_URL: consentURL,
    BILLING_SERVICE_URL: billingURL,
    JWT_SECRET,
    SUPPORT_EMAIL: TEST_SUPPORT_EMAIL,
    FRONTEND_DIR,
    // Every browser in a file shares 127.0.0.1; keep the per-IP limits out of the way of the tests.
    REGISTRATIONS_PER_IP_PER_HOUR: '1000',
    LOGIN_MAX_FAILURES_PER_IP: '1000',
  });
  const mediaWorkerEnv = () => ({
    ...everyProcess,
    CONSENT_SERVICE_URL: consentURL,
    MEDIA_WORKER_TOKEN,
    ...keyRing,
    ...pocketsphinxEnvironment(),
    // Its one start-up line is what says it consumes; warnings would hide nothing it prints.
    LOG_LEVEL: 'warn',
  });

  const services: RunningService[] = [];
  const start = (main: string, env: Record<string, string>) => {
    const service = spawnService(main, env);
    services.push(service);
    return service;
  };
  let mediaWorkerNames: string[] = [];
  const db = new Client({ connectionString: database.url });
  const cleanup = async () => {
    await Promise.all(services.map(stopService));
    await db.end().catch(() => undefined);
    await deleteRedisKeys(redisUrl, redisPrefix).catch(() => undefined);
    await database.drop();
    await rm(storageDir, { recursive: true, force: true });
  };

  try {
    // Every phone of a file asks for its codes from 127.0.0.1, and a member may record many sessions (multi-instance).
    const consent = start(CONSENT_MAIN, {
      ...shared,
      CONSENT_HOST: '127.0.0.1',
      CONSENT_PORT: String(consentPort),
      MEDIA_WORKER_TOKEN,
      ...keyRing,
      PUBLIC_URL: baseURL,
      PHONE_CODES_PER_ADDRESS_PER_HOUR: '100000',
      PHONE_CODES_PER_MEMBER_PER_HOUR: '100000',
    });
    // Each applies its migrations on start, one after the other (consent, billing, the first gateway), so none race on
    // one database; the other gateways, finding them applied, start together with the media workers.
    await waitForReady('consent service', consentURL, consent.child, consent.output);
    // The local payment provider (no Stripe key): the TEST MODE checkout, fully offline.
    const billing = start(BILLING_MAIN, {
      ...shared,
      BILLING_HOST: '127.0.0.1',
      BILLING_PORT: String(billingPort),
      LOCAL_WEBHOOK_SECRET,
    });
    await waitForReady('billing service', billingURL, billing.child, billing.output);
    const [firstPort, ...otherPorts] = gatewayPorts;
    const gateway = start(GATEWAY_MAIN, gatewayEnv(firstPort));
    await waitForReady('gateway', baseURL, gateway.child, gateway.output);
    const others = otherPorts.map((port) => start(GATEWAY_MAIN, gatewayEnv(port)));
    const workers = Array.from({ length: mediaWorkers }, () => start(MEDIA_WORKER_MAIN, mediaWorkerEnv()));
    await Promise.all([
      ...others.map((other, i) => waitForReady(`gateway ${i + 2}`, gatewayURLs[i + 1], other.child, other.output)),
      ...workers.map((worker) => waitForOutput('media worker', /media-worker: consuming/, worker.child, worker.output)),
    ]);
    // Each printed its start-up line, so each was spawned and has its pid.
    mediaWorkerNames = workers.map(({ child }) => workerName(child.pid!));
    await db.connect();
  } catch (error) {
    await cleanup();
    throw error;
  }

  const sql = async <T extends QueryResultRow = QueryResultRow>(text: string, params: unknown[] = []) =>
    (await db.query<T>(text, params)).rows;

  return {
    baseURL,
    gatewayURLs,
    redis: { url: redisUrl, prefix: redisPrefix },
    mediaWorkerNames,
    supportEmail: TEST_SUPPORT_EMAIL,
    storageDir,
    encryptionKeys,
    devTexts: consentDevTexts(consentURL, INTERNAL_SERVICE_TOKEN),
    sql,
    async setUser(email, fields) {
      const sets: string[] = [];
      const params: unknown[] = [email.toLowerCase()];
      if (fields.subscriptionStatus !== undefined) {
        params.push(fields.subscriptionStatus);
        sets.push(`subscription_status = $${params.length}`);
      }
      if (fields.accountDeletionDate !== undefined) {
        params.push(fields.accountDeletionDate);
        sets.push(`account_deletion_date = $${params.length}`);
      }
      if (!sets.length) return;
      const rows = await sql(
        `UPDATE identity.users SET ${sets.join(', ')}, updated_at = now() WHERE email = $1 RETURNING id`,
        params,
      );
      if (rows.length !== 1) throw new Error(`No user ${email} in the test database`);
    },
    stop: cleanup,
  };
}
