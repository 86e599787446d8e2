// Writes .env for local use on first start (random secrets, local Postgres/Redis) and creates the database.
// An existing .env is kept, and settings added since it was written are appended to it; variables already set in
// the environment win over the file.
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';

const file = '.env';
const settings = [
  ['NODE_ENV', () => 'development'],
  ['DATABASE_URL', () => process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/consentiq'],
  ['REDIS_URL', () => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'],
  ['JWT_SECRET', () => randomBytes(32).toString('base64url')],
  ['INTERNAL_SERVICE_TOKEN', () => randomBytes(32).toString('base64url')],
  ['MEDIA_WORKER_TOKEN', () => randomBytes(32).toString('base64url')],
  ['SUPPORT_EMAIL', () => 'support@consentiq.example'],
  ['STRIPE_PUBLISHABLE_KEY', () => ''],
  ['STORAGE_DIR', () => '.data/storage'],
  // The key that encrypts recordings at rest; losing it loses every recording stored under it.
  ['STORAGE_ENCRYPTION_KEYS', () => `local1:${randomBytes(32).toString('base64')}`],
  ['STORAGE_ENCRYPTION_ACTIVE_KEY_ID', () => 'local1'],
  // The Ed25519 key that signs consent certificates (a 32-byte seed); certificates it signed verify only while it is listed.
  ['CERTIFICATE_SIGNING_KEYS', () => `local1:${randomBytes(32).toString('base64')}`],
  ['CERTIFICATE_ACTIVE_KEY_ID', () => 'local1'],
  // The local payment provider signs its events with it (every billing instance must share it). Unused with Stripe.
  ['LOCAL_WEBHOOK_SECRET', () => randomBytes(32).toString('base64url')],
  ['MIGRATE_ON_START', () => 'true'],
  // Readable log lines in the terminal; production keeps the default, JSON.
  ['LOG_FORMAT', () => 'pretty'],
];

const readEnv = () =>
  Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

if (!existsSync(file)) {
  const lines = settings.map(([name, value]) => `${name}=${value()}`);
  writeFileSync(
    file,
    [
      '# Local development settings, written by npm start. See docs/CONFIGURATION.md for every variable.',
      ...lines,
      '',
    ].join('\n'),
    {
      mode: 0o600,
    },
  );
  console.log('Wrote .env with local settings');
} else {
  const present = readEnv();
  const missing = settings.filter(([name]) => !(name in present));
  if (missing.length) {
    appendFileSync(file, missing.map(([name, value]) => `${name}=${value()}\n`).join(''));
    console.log(`Added ${missing.map(([name]) => name).join(', ')} to .env`);
  }
}

const env = readEnv();
const target = new URL(process.env.DATABASE_URL ?? env.DATABASE_URL);
const name = decodeURIComponent(target.pathname.slice(1));
const admin = new URL(target);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
try {
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) {
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    console.log(`Created database ${name}`);
  }
} finally {
  await client.end();
}
