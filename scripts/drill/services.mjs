// The built services as a deployment runs them, on the drill's own Postgres and Redis: the consent and billing services,
// two gateways and two media workers, each on a free loopback port with production's settings (the local payment
// provider, its TEST MODE checkout). Any one can be SIGKILLed and started again with the same environment.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort, startProcess, stopProcess } from '../bench/support/processes.mjs';
import { MAINS } from '../bench/support/stack.mjs';
import { SERVICE_NODE_OPTIONS } from '../lib/service-node-options.mjs';
import { untilReady } from './waiting.mjs';

/** On two loaded cores a Nest service takes up to ~20 s to start while the others run. */
const START_TIMEOUT_MS = 60_000;

/** Ready once `probe` passes; else fails with the end of the service's log. */
async function readyWhen(service, probe) {
  try {
    await untilReady(service.name, service.child, probe, START_TIMEOUT_MS);
  } catch (error) {
    const log = await readFile(service.logFile, 'utf8').catch(() => '');
    throw new Error(`${error.message}\n${log.slice(-3000)}`, { cause: error });
  }
}

const answersOk = (url) => (service) =>
  readyWhen(service, async () => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  });

/** The media worker has no HTTP server of a known port: ready once it says it consumes. */
const saysConsuming = (service) =>
  readyWhen(service, async () => {
    if (!/media-worker: consuming/.test(await readFile(service.logFile, 'utf8'))) throw new Error('not consuming yet');
  });

/** The names the drill and its report use: the gateways and workers are numbered. */
export const SERVICE_NAMES = ['consent', 'billing', 'gateway-1', 'gateway-2', 'worker-1', 'worker-2'];

/**
 * Starts every service; `databaseUrl` and `redisUrl` are the drill's own. Returns the gateways' URLs, the local
 * provider's webhook secret (the drill replays billing events signed with it) and `kill`, `restart`, `stop`.
 */
export async function startServices({ databaseUrl, redisUrl, workDir, pocketsphinxBinDir }) {
  const [consentPort, billingPort, ...gatewayPorts] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const gatewayUrls = gatewayPorts.map((port) => `http://127.0.0.1:${port}`);
  const consentUrl = `http://127.0.0.1:${consentPort}`;
  const billingUrl = `http://127.0.0.1:${billingPort}`;
  const secret = () => randomBytes(32).toString('base64url');
  const webhookSecret = secret();
  const everyProcess = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    METRICS_PORT: '0',
    REDIS_URL: redisUrl,
    // Production's own Redis for the live takes (one that keeps nothing on disk): the same local one here.
    LIVE_REDIS_URL: redisUrl,
    REDIS_PREFIX: 'drill:',
    STORAGE_BACKEND: 'local',
    STORAGE_DIR: join(workDir, 'storage'),
  };
  const shared = {
    ...everyProcess,
    DATABASE_URL: databaseUrl,
    INTERNAL_SERVICE_TOKEN: secret(),
    MIGRATE_ON_START: 'true',
  };
  const mediaWorkerToken = secret();
  const keyRing = {
    STORAGE_ENCRYPTION_KEYS: `drill:${randomBytes(32).toString('base64')}`,
    STORAGE_ENCRYPTION_ACTIVE_KEY_ID: 'drill',
  };
  const jwtSecret = secret();
  const gateway = (port) => ({
    main: MAINS.gateway,
    env: {
      ...shared,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: gatewayUrls[0],
      // Either gateway serves the page a phone opened on the other, as behind one load balancer.
      ALLOWED_ORIGINS: gatewayUrls.join(','),
      CONSENT_SERVICE_URL: consentUrl,
      BILLING_SERVICE_URL: billingUrl,
      JWT_SECRET: jwtSecret,
      SUPPORT_EMAIL: 'drill@example.invalid',
      FRONTEND_DIR: 'dist/frontend',
      // Every member and partner of the drill comes from 127.0.0.1, and each member records many sessions.
      REGISTRATIONS_PER_IP_PER_HOUR: '100000',
      SESSIONS_PER_MEMBER_PER_HOUR: '100000',
      VERIFICATIONS_PER_IP_PER_HOUR: '100000',
      LIVE_JOINS_PER_IP_PER_MINUTE: '100000',
      LIVE_JOINS_PER_SOCKET_PER_MINUTE: '100000',
    },
    ready: answersOk(`http://127.0.0.1:${port}/readyz`),
  });
  const worker = {
    main: MAINS['media-worker'],
    env: {
      ...everyProcess,
      CONSENT_SERVICE_URL: consentUrl,
      MEDIA_WORKER_TOKEN: mediaWorkerToken,
      ...keyRing,
      MEDIA_CONCURRENCY: '1',
      TRANSCRIBER: 'local',
      ...(pocketsphinxBinDir ? { POCKETSPHINX_BIN_DIR: pocketsphinxBinDir } : {}),
      LOG_LEVEL: 'info',
    },
    ready: saysConsuming,
  };
  const definitions = {
    consent: {
      main: MAINS.consent,
      env: {
        ...shared,
        // The drill reads the phone codes from the outbox of the log provider, which production refuses; NODE_ENV
        // otherwise only adds the internal /dev/texts route.
        NODE_ENV: 'development',
        CONSENT_HOST: '127.0.0.1',
        CONSENT_PORT: String(consentPort),
        PUBLIC_URL: gatewayUrls[0],
        MEDIA_WORKER_TOKEN: mediaWorkerToken,
        ...keyRing,
        CERTIFICATE_SIGNING_KEYS: `drill:${randomBytes(32).toString('base64')}`,
        CERTIFICATE_ACTIVE_KEY_ID: 'drill',
        // Every phone of the drill asks for its codes from 127.0.0.1, and each member records many sessions.
        PHONE_CODES_PER_ADDRESS_PER_HOUR: '100000',
        PHONE_CODES_PER_MEMBER_PER_HOUR: '100000',
      },
      ready: answersOk(`${consentUrl}/readyz`),
    },
    billing: {
      main: MAINS.billing,
      env: {
        ...shared,
        BILLING_HOST: '127.0.0.1',
        BILLING_PORT: String(billingPort),
        PAYMENT_PROVIDER: 'local',
        LOCAL_WEBHOOK_SECRET: webhookSecret,
      },
      ready: answersOk(`${billingUrl}/readyz`),
    },
    'gateway-1': gateway(gatewayPorts[0]),
    'gateway-2': gateway(gatewayPorts[1]),
    'worker-1': worker,
    'worker-2': worker,
  };

  const running = {};
  /** Every process ever started, so `stop()` ends each by its pid whatever happened in between. */
  const started = [];
  let generation = 0;
  const start = async (name) => {
    const { main, env, ready } = definitions[name];
    generation += 1;
    // A media worker's start-up line is how it says it is ready: each start gets a log of its own.
    const service = startProcess(name, main, env, join(workDir, `${name}.${generation}.log`), SERVICE_NODE_OPTIONS);
    started.push(service);
    running[name] = service;
    await ready(service);
    return service;
  };

  const services = {
    gatewayUrls,
    webhookSecret,
    /** The consent service and its credential, for its development outbox (`/dev/texts`: the codes the phones got). */
    consentUrl,
    internalToken: shared.INTERNAL_SERVICE_TOKEN,
    pid: (name) => running[name].child.pid,
    names: () => SERVICE_NAMES,
    /** SIGKILL, as the kernel's OOM killer or a node's failure ends a process: no shutdown hook runs. */
    async kill(name) {
      const { child } = running[name];
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    restart: (name) => start(name),
    async stop() {
      await Promise.all(started.map(stopProcess));
    },
  };
  try {
    // Migrations on start, one service after the other; then the rest together.
    await start('consent');
    await start('billing');
    await start('gateway-1');
    await Promise.all(['gateway-2', 'worker-1', 'worker-2'].map(start));
  } catch (error) {
    await services.stop();
    throw error;
  }
  return services;
}
