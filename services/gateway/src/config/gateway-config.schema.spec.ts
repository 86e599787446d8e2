import { parseConfig } from '@app/config';
import { gatewayConfigSchema } from './gateway-config.schema';

const required = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_SECRET: 'j'.repeat(32),
  SUPPORT_EMAIL: 'support@example.test',
  INTERNAL_SERVICE_TOKEN: 'i'.repeat(32),
};

/** The live takes' own Redis, which production names. */
const LIVE_REDIS_URL = 'redis://redis-live:6379';

describe('gatewayConfigSchema', () => {
  it('fills every optional variable with its documented default', () => {
    expect(parseConfig(gatewayConfigSchema, required)).toEqual({
      ...required,
      LIVE_REDIS_URL: required.REDIS_URL,
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      PORT: 3000,
      PHONE_DEFAULT_CALLING_CODE: '1',
      PUBLIC_URL: 'http://localhost:3000',
      ALLOWED_ORIGINS: [],
      REDIS_PREFIX: 'ciq:',
      SESSION_TTL_HOURS: 168,
      COOKIE_SECURE: false,
      TRUST_PROXY_HOPS: 0,
      LOGIN_MAX_FAILURES_PER_IP: 20,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: 5,
      LOGIN_FAILURE_WINDOW_SECONDS: 900,
      REGISTRATIONS_PER_IP_PER_HOUR: 10,
      SESSIONS_PER_MEMBER_PER_HOUR: 30,
      VERIFICATIONS_PER_IP_PER_HOUR: 30,
      LIVE_JOINS_PER_SOCKET_PER_MINUTE: 10,
      LIVE_JOINS_PER_IP_PER_MINUTE: 60,
      CONSENT_SERVICE_URL: 'http://127.0.0.1:3001',
      BILLING_SERVICE_URL: 'http://127.0.0.1:3002',
      CHECKOUTS_PER_MEMBER_PER_HOUR: 20,
      TEST_PAYMENTS_PER_MEMBER_PER_HOUR: 20,
      ACCOUNT_DELETION_INTERVAL_MS: 900_000,
      RECORDING_MAX_BYTES: 52_428_800,
      STORAGE_BACKEND: 'local',
      STORAGE_DIR: '.data/storage',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      FRONTEND_DIR: 'dist/frontend',
      MIGRATE_ON_START: false,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      HTTP_HEADERS_TIMEOUT_MS: 10_000,
      HTTP_REQUEST_TIMEOUT_MS: 60_000,
      HTTP_UPLOAD_TIMEOUT_MS: 600_000,
      METRICS_HOST: '127.0.0.1',
      METRICS_PORT: 9464,
      STRIPE_PUBLISHABLE_KEY: '',
    });
  });

  it('derives PUBLIC_URL from PORT unless it is given', () => {
    expect(parseConfig(gatewayConfigSchema, { ...required, PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseConfig(gatewayConfigSchema, { ...required, PUBLIC_URL: 'https://consent.example' }).PUBLIC_URL).toBe(
      'https://consent.example',
    );
  });

  it('turns COOKIE_SECURE on by default in production only, and lets it be switched off explicitly', () => {
    const secure = (env: Record<string, string>) =>
      parseConfig(gatewayConfigSchema, {
        ...required,
        STORAGE_BACKEND: 'local',
        PUBLIC_URL: 'https://consent.example',
        LIVE_REDIS_URL,
        ...env,
      }).COOKIE_SECURE;
    expect(secure({ NODE_ENV: 'production' })).toBe(true);
    expect(secure({ NODE_ENV: 'production', COOKIE_SECURE: 'false' })).toBe(false);
    expect(secure({ NODE_ENV: 'development' })).toBe(false);
    expect(secure({ NODE_ENV: 'test' })).toBe(false);
    expect(secure({ NODE_ENV: 'development', COOKIE_SECURE: 'true' })).toBe(true);
  });

  it('in production, refuses to leave the storage of profile pictures to its default, and takes either backend named', () => {
    const production = { ...required, NODE_ENV: 'production', PUBLIC_URL: 'https://consent.example', LIVE_REDIS_URL };
    expect(() => parseConfig(gatewayConfigSchema, production)).toThrow(
      'Invalid configuration: STORAGE_BACKEND: is required in production: ',
    );
    expect(parseConfig(gatewayConfigSchema, { ...production, STORAGE_BACKEND: 'local' }).STORAGE_BACKEND).toBe('local');
    expect(
      parseConfig(gatewayConfigSchema, { ...production, STORAGE_BACKEND: 's3', S3_BUCKET: 'pictures' }).STORAGE_BACKEND,
    ).toBe('s3');
  });

  it('in production, refuses to derive PUBLIC_URL from PORT: links and pages would name localhost', () => {
    const production = { ...required, NODE_ENV: 'production', STORAGE_BACKEND: 'local', LIVE_REDIS_URL };
    for (const PUBLIC_URL of [undefined, '']) {
      expect(() => parseConfig(gatewayConfigSchema, { ...production, PUBLIC_URL })).toThrow(
        'Invalid configuration: PUBLIC_URL: is required in production: the address people open the app at (https://...): the origin of its links and pages',
      );
    }
    expect(parseConfig(gatewayConfigSchema, { ...production, PUBLIC_URL: 'https://consent.example' }).PUBLIC_URL).toBe(
      'https://consent.example',
    );
  });

  it("takes the live takes' Redis from REDIS_URL outside production, and refuses to in production", () => {
    expect(parseConfig(gatewayConfigSchema, { ...required, NODE_ENV: 'test' }).LIVE_REDIS_URL).toBe(required.REDIS_URL);
    expect(parseConfig(gatewayConfigSchema, { ...required, LIVE_REDIS_URL }).LIVE_REDIS_URL).toBe(LIVE_REDIS_URL);
    const production = {
      ...required,
      NODE_ENV: 'production',
      STORAGE_BACKEND: 'local',
      PUBLIC_URL: 'https://consent.example',
    };
    expect(() => parseConfig(gatewayConfigSchema, production)).toThrow(
      "Invalid configuration: LIVE_REDIS_URL: is required in production: a Redis of the live takes' own that keeps nothing on disk (no append-only file, no snapshots), so the partners' audio never reaches the queues' append-only file",
    );
    expect(parseConfig(gatewayConfigSchema, { ...production, LIVE_REDIS_URL }).LIVE_REDIS_URL).toBe(LIVE_REDIS_URL);
  });

  it('coerces numbers and flags from their string form', () => {
    const config = parseConfig(gatewayConfigSchema, {
      ...required,
      COOKIE_SECURE: 'true',
      TRUST_PROXY_HOPS: '2',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    });
    expect({
      secure: config.COOKIE_SECURE,
      hops: config.TRUST_PROXY_HOPS,
      perAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    }).toEqual({
      secure: true,
      hops: 2,
      perAccount: 3,
    });
  });

  it.each<[string, Record<string, string>, string]>([
    [
      'a JWT_SECRET shorter than 32 characters',
      { JWT_SECRET: 'j'.repeat(31) },
      'Invalid configuration: JWT_SECRET: must be at least 32 characters',
    ],
    [
      'a missing JWT_SECRET',
      { JWT_SECRET: undefined as unknown as string },
      'Invalid configuration: JWT_SECRET: is required',
    ],
    [
      'a non-Postgres DATABASE_URL',
      { DATABASE_URL: 'mysql://db/app' },
      'Invalid configuration: DATABASE_URL: must be a postgres: or postgresql: URL',
    ],
    [
      'a non-Redis REDIS_URL',
      { REDIS_URL: 'http://cache' },
      'Invalid configuration: REDIS_URL: must be a redis: or rediss: URL',
    ],
    [
      'a non-Redis LIVE_REDIS_URL',
      { LIVE_REDIS_URL: 'http://cache' },
      'Invalid configuration: LIVE_REDIS_URL: must be a redis: or rediss: URL',
    ],
    [
      'a SUPPORT_EMAIL that is not one',
      { SUPPORT_EMAIL: 'support' },
      'Invalid configuration: SUPPORT_EMAIL: must be an e-mail address',
    ],
    [
      'an ALLOWED_ORIGINS entry that is not a http(s) URL',
      { ALLOWED_ORIGINS: 'https://a.example, nonsense' },
      'Invalid configuration: ALLOWED_ORIGINS.1: must be a http: or https: URL',
    ],
    [
      'a PUBLIC_URL that is not http(s)',
      { PUBLIC_URL: 'ftp://consent.example' },
      'Invalid configuration: PUBLIC_URL: must be a http: or https: URL',
    ],
    [
      'a short INTERNAL_SERVICE_TOKEN',
      { INTERNAL_SERVICE_TOKEN: 'short' },
      'Invalid configuration: INTERNAL_SERVICE_TOKEN: must be at least 32 characters',
    ],
    [
      'a CONSENT_SERVICE_URL that is not http(s)',
      { CONSENT_SERVICE_URL: 'redis://consent' },
      'Invalid configuration: CONSENT_SERVICE_URL: must be a http: or https: URL',
    ],
    [
      'a BILLING_SERVICE_URL that is not http(s)',
      { BILLING_SERVICE_URL: 'redis://billing' },
      'Invalid configuration: BILLING_SERVICE_URL: must be a http: or https: URL',
    ],
    [
      'a COOKIE_SECURE that is not a flag',
      { COOKIE_SECURE: 'yes' },
      'Invalid configuration: COOKIE_SECURE: must be true or false',
    ],
    [
      'STORAGE_BACKEND=s3 without S3_BUCKET',
      { STORAGE_BACKEND: 's3' },
      'Invalid configuration: S3_BUCKET: is required when STORAGE_BACKEND is s3',
    ],
  ])('refuses %s with one line naming the variable', (_label, overrides, message) => {
    expect(() => parseConfig(gatewayConfigSchema, { ...required, ...overrides })).toThrow(message);
  });

  it.each([
    ['LOGIN_MAX_FAILURES_PER_ACCOUNT', '0'],
    ['LOGIN_MAX_FAILURES_PER_IP', '-1'],
    ['SESSION_TTL_HOURS', 'forever'],
    ['TRUST_PROXY_HOPS', '-1'],
    ['PORT', 'abc'],
    ['LOG_LEVEL', 'verbose'],
    ['NODE_ENV', 'staging'],
  ])('refuses %s=%j naming the variable', (name, value) => {
    expect(() => parseConfig(gatewayConfigSchema, { ...required, [name]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${name}: `),
    );
  });
});
