import { parseConfig } from '@app/config';
import { randomBytes } from 'node:crypto';
import { consentConfigSchema } from './consent-config.schema';

const key = randomBytes(32).toString('base64');
const required = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
  REDIS_URL: 'redis://127.0.0.1:6379',
  INTERNAL_SERVICE_TOKEN: 't'.repeat(32),
  MEDIA_WORKER_TOKEN: 'w'.repeat(32),
  STORAGE_ENCRYPTION_KEYS: `k1:${key}`,
  STORAGE_ENCRYPTION_ACTIVE_KEY_ID: 'k1',
};

describe('consentConfigSchema', () => {
  it('fills every optional variable with its documented default', () => {
    expect(parseConfig(consentConfigSchema, required)).toEqual({
      ...required,
      NODE_ENV: 'development',
      PHONE_CODES_PER_NUMBER_PER_DAY: 10,
      CONSENT_HOST: '127.0.0.1',
      CONSENT_PORT: 3001,
      REDIS_PREFIX: 'ciq:',
      SESSION_EXPIRY_MINUTES: 30,
      RETAKE_WINDOW_MINUTES: 10,
      RECORDING_MAX_BYTES: 52_428_800,
      MAX_ASSETS_PER_SESSION: 5,
      MIGRATE_ON_START: false,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      METRICS_HOST: '127.0.0.1',
      METRICS_PORT: 9465,
      STORAGE_BACKEND: 'local',
      STORAGE_DIR: '.data/storage',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      SMS_PROVIDER: 'log',
      TEXT_MESSAGE_CONCURRENCY: 2,
      PUBLIC_URL: 'http://localhost:3000',
    });
  });

  it('takes Twilio with its account SID, auth token and sender', () => {
    const twilio = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC0123456789abcdef', TWILIO_AUTH_TOKEN: 'secret', TWILIO_FROM: '+15005550006' };
    expect(parseConfig(consentConfigSchema, { ...required, ...twilio })).toMatchObject(twilio);
  });

  it.each<[string, Record<string, string | undefined>, string]>([
    ['a short INTERNAL_SERVICE_TOKEN', { INTERNAL_SERVICE_TOKEN: 't'.repeat(31) }, 'INTERNAL_SERVICE_TOKEN: must be at least 32 characters'],
    ['a missing INTERNAL_SERVICE_TOKEN', { INTERNAL_SERVICE_TOKEN: undefined }, 'INTERNAL_SERVICE_TOKEN: is required'],
    ['a zero SESSION_EXPIRY_MINUTES', { SESSION_EXPIRY_MINUTES: '0' }, 'SESSION_EXPIRY_MINUTES: '],
    ['a RECORDING_MAX_BYTES that is not a number', { RECORDING_MAX_BYTES: '50MB' }, 'RECORDING_MAX_BYTES: '],
    ['twilio without an account SID', { SMS_PROVIDER: 'twilio', TWILIO_AUTH_TOKEN: 's', TWILIO_FROM: '+1' }, 'TWILIO_ACCOUNT_SID: is required when SMS_PROVIDER is twilio'],
    ['twilio without an auth token', { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_FROM: '+1' }, 'TWILIO_AUTH_TOKEN: is required when SMS_PROVIDER is twilio'],
    ['twilio without a sender', { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 's' }, 'TWILIO_FROM: is required when SMS_PROVIDER is twilio'],
    ['an account SID that is not one', { TWILIO_ACCOUNT_SID: 'SK123' }, 'TWILIO_ACCOUNT_SID: must be an account SID (AC...)'],
    ['an unknown SMS_PROVIDER', { SMS_PROVIDER: 'carrier-pigeon' }, 'SMS_PROVIDER: '],
    ['a zero TEXT_MESSAGE_CONCURRENCY', { TEXT_MESSAGE_CONCURRENCY: '0' }, 'TEXT_MESSAGE_CONCURRENCY: '],
    ['a missing key ring', { STORAGE_ENCRYPTION_KEYS: undefined }, 'STORAGE_ENCRYPTION_KEYS: is required'],
    ['an active key id not in the ring', { STORAGE_ENCRYPTION_ACTIVE_KEY_ID: 'k2' }, "STORAGE_ENCRYPTION_KEYS: The active key id is not one of the key ring's ids (k1)"],
  ])('refuses %s with one line naming the variable', (_case, overrides, message) => {
    expect(() => parseConfig(consentConfigSchema, { ...required, ...overrides })).toThrow(`Invalid configuration: ${message}`);
  });
});
