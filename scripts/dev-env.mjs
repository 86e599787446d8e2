// Writes .env for local use on first start (a random JWT secret, local Postgres/Redis) and creates the database.
// An existing .env is kept; variables already set in the environment win over it.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';

const file = '.env';
if (!existsSync(file)) {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/consentiq';
  writeFileSync(
    file,
    [
      '# Local development settings, written by npm start. See README.md for every variable.',
      'NODE_ENV=development',
      `DATABASE_URL=${databaseUrl}`,
      `REDIS_URL=${process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'}`,
      `JWT_SECRET=${randomBytes(32).toString('base64url')}`,
      'SUPPORT_EMAIL=support@consentiq.example',
      'STRIPE_PUBLISHABLE_KEY=',
      'STORAGE_DIR=.data/storage',
      'MIGRATE_ON_START=true',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  console.log('Wrote .env with local settings');
}

const env = Object.fromEntries(
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
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
