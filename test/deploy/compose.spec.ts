import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { readEnvExample, ROOT } from './env-example';
import { jobTimeoutMs, placeholderSecret, SERVICE_NAMES, serviceConfig, ServiceName } from './service-config';

interface ComposeService {
  image?: string;
  build?: { target?: string };
  command?: string[] | string;
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: unknown[];
  read_only?: boolean;
  cap_drop?: string[];
  tmpfs?: string[];
  stop_grace_period?: string;
}

/** Written in an env file, as an operator fills in .env.production: the example's empty values become placeholders. */
const NOT_SECRET = new Set(['PUBLIC_URL', 'SUPPORT_EMAIL']);
const example = readEnvExample();
const directory = mkdtempSync(join(tmpdir(), 'ciq-compose-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function composeConfig(envFile: string, ...flags: string[]) {
  const result = spawnSync(
    'docker-compose',
    ['--env-file', envFile, '-f', join(ROOT, 'docker-compose.yml'), 'config', ...flags],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (result.error)
    throw new Error(`docker-compose is not installed (scripts/test.sh installs it): ${result.error.message}`);
  return result;
}

function filledConfig(): Record<string, ComposeService> {
  const envFile = join(directory, 'filled.env');
  writeFileSync(
    envFile,
    [...example.assigned].map(([name, value]) => `${name}=${value || placeholderSecret(name)}\n`).join(''),
  );
  expect(composeConfig(envFile, '-q')).toMatchObject({ status: 0, stderr: '' });
  return (parse(composeConfig(envFile).stdout) as { services: Record<string, ComposeService> }).services;
}

const services = filledConfig();

/** A service's environment as its container gets it: a variable without a value is not passed at all. */
function environment(service: ServiceName): Record<string, string> {
  return Object.fromEntries(
    Object.entries(services[service].environment ?? {}).filter((entry): entry is [string, string] => entry[1] !== null),
  );
}

describe('docker-compose.yml', () => {
  it('refuses to start until the env file sets every secret, and the example sets none', () => {
    const result = composeConfig(join(ROOT, '.env.production.example'), '-q');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/set [A-Z_]+ in the env file/);
    for (const [name, value] of example.assigned)
      expect({ name, value: NOT_SECRET.has(name) ? '' : value }).toEqual({ name, value: '' });
    expect(spawnSync('git', ['check-ignore', '-q', '.env.production'], { cwd: ROOT }).status).toBe(0);
  });

  it('refuses to start until the env file names the text provider and the recogniser, never their offline defaults', () => {
    for (const name of ['SMS_PROVIDER', 'TRANSCRIBER']) {
      const envFile = join(directory, `without-${name}.env`);
      const lines = [...example.assigned]
        .filter(([key]) => key !== name)
        .map(([key, value]) => `${key}=${value || placeholderSecret(key)}\n`);
      writeFileSync(envFile, lines.join(''));
      const result = composeConfig(envFile, '-q');
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(`set ${name} in the env file`);
    }
    expect(environment('consent').SMS_PROVIDER).toBe('twilio');
    expect(environment('media-worker').TRANSCRIBER).toBe('local');
  });

  it("runs Postgres, Redis and the live takes' own, MinIO with its bucket, the migration step and the four services", () => {
    expect(Object.keys(services).sort()).toEqual([
      'billing',
      'consent',
      'gateway',
      'media-worker',
      'migrate',
      'minio',
      'postgres',
      'redis',
      'redis-live',
      'storage-setup',
    ]);
    for (const service of [...SERVICE_NAMES, 'migrate']) expect(services[service].build?.target).toBe(service);
    expect([services['storage-setup'].command].flat().join(' ')).toContain(
      `mc mb --ignore-existing "store/$$S3_BUCKET"`,
    );
    expect(services['storage-setup'].environment?.S3_BUCKET).toBe(environment('consent').S3_BUCKET);
  });

  it('keeps Redis from evicting queue keys and persists it to an append-only file', () => {
    const command = [services.redis.command].flat().join(' ');
    expect(command).toMatch(/--maxmemory-policy noeviction\b/);
    expect(command).toMatch(/--appendonly yes\b/);
  });

  it("keeps the live takes' audio off disk: their own Redis without snapshots, append-only file or volume", () => {
    const live = services['redis-live'] as ComposeService & { volumes?: unknown[] };
    const command = [live.command].flat().join(' ');
    expect(command).toMatch(/--save "" /);
    expect(command).toMatch(/--appendonly no\b/);
    expect(command).toMatch(/--maxmemory-policy noeviction\b/);
    expect(command).toMatch(/--requirepass\b/);
    expect(live.volumes).toBeUndefined();
    for (const service of ['gateway', 'media-worker'] as const) {
      const config = serviceConfig(service, environment(service));
      expect(new URL(config.LIVE_REDIS_URL).hostname).toBe('redis-live');
      expect(new URL(config.REDIS_URL).hostname).toBe('redis');
      expect(services[service].depends_on?.['redis-live']).toEqual({ condition: 'service_healthy' });
    }
  });

  it('starts the services after the migrations completed, the gateway after the services it calls answer', () => {
    for (const service of ['gateway', 'consent', 'billing']) {
      expect(services[service].depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
    }
    for (const service of ['gateway', 'consent', 'media-worker']) {
      expect(services[service].depends_on?.['storage-setup']).toEqual({ condition: 'service_completed_successfully' });
    }
    expect(services.migrate.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    expect(services['storage-setup'].depends_on?.minio).toEqual({ condition: 'service_healthy' });
    expect(services.gateway.depends_on).toMatchObject({
      consent: { condition: 'service_healthy' },
      billing: { condition: 'service_healthy' },
    });
    expect(services['media-worker'].depends_on).toMatchObject({
      consent: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
  });

  it('checks the health of every long-running container, each service at its own /readyz', () => {
    for (const name of ['postgres', 'redis', 'redis-live', 'minio', ...SERVICE_NAMES])
      expect(services[name].healthcheck?.test.length).toBeGreaterThan(1);
    const readyzPort = (service: ServiceName) =>
      Number(/http:\/\/127\.0\.0\.1:(\d+)\/readyz/.exec(services[service].healthcheck?.test.join(' ') ?? '')?.[1]);
    expect(readyzPort('gateway')).toBe(serviceConfig('gateway', environment('gateway')).PORT);
    expect(readyzPort('consent')).toBe(serviceConfig('consent', environment('consent')).CONSENT_PORT);
    expect(readyzPort('billing')).toBe(serviceConfig('billing', environment('billing')).BILLING_PORT);
    expect(readyzPort('media-worker')).toBe(Number(environment('media-worker').METRICS_PORT));
  });

  it('gives each service a configuration its own schema accepts, internal hosts reachable from the other containers', () => {
    for (const service of SERVICE_NAMES) expect(() => serviceConfig(service, environment(service))).not.toThrow();
    expect(serviceConfig('consent', environment('consent')).CONSENT_HOST).toBe('0.0.0.0');
    expect(serviceConfig('billing', environment('billing')).BILLING_HOST).toBe('0.0.0.0');
    const gateway = serviceConfig('gateway', environment('gateway'));
    expect(new URL(gateway.CONSENT_SERVICE_URL)).toMatchObject({
      hostname: 'consent',
      port: String(serviceConfig('consent', environment('consent')).CONSENT_PORT),
    });
    expect(new URL(gateway.BILLING_SERVICE_URL)).toMatchObject({
      hostname: 'billing',
      port: String(serviceConfig('billing', environment('billing')).BILLING_PORT),
    });
    expect(new URL(serviceConfig('media-worker', environment('media-worker')).CONSENT_SERVICE_URL).hostname).toBe(
      'consent',
    );
    const holders = SERVICE_NAMES.filter((service) => 'STORAGE_ENCRYPTION_KEYS' in environment(service));
    expect(holders.sort()).toEqual(['consent', 'media-worker']);
  });

  it('documents in the example every optional variable a service passes on', () => {
    const passedOn = SERVICE_NAMES.flatMap((service) =>
      Object.entries(services[service].environment ?? {})
        .filter(([, value]) => value === null)
        .map(([name]) => name),
    );
    expect(passedOn.length).toBeGreaterThan(0);
    for (const name of passedOn) expect(example.mentioned).toContain(name);
  });

  it('publishes only the gateway, and runs the services read-only without capabilities', () => {
    expect(Object.keys(services).filter((name) => services[name].ports?.length)).toEqual(['gateway']);
    for (const service of [...SERVICE_NAMES, 'migrate']) {
      expect(services[service]).toMatchObject({ read_only: true, cap_drop: ['ALL'], tmpfs: ['/tmp'] });
    }
  });

  it('stops a media worker no sooner than its running analysis may take (JOB_TIMEOUT_MS)', () => {
    const grace = /^(\d+)s$/.exec(services['media-worker'].stop_grace_period ?? '');
    expect(Number(grace?.[1]) * 1000).toBeGreaterThan(jobTimeoutMs(environment('media-worker')));
  });
});
