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
      PHONE_CODES_PER_ADDRESS_PER_HOUR: 30,
      PHONE_CODES_PER_MEMBER_PER_HOUR: 20,
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
      HTTP_HEADERS_TIMEOUT_MS: 10_000,
      HTTP_REQUEST_TIMEOUT_MS: 60_000,
      HTTP_UPLOAD_TIMEOUT_MS: 600_000,
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
    const twilio = {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15005550006',
    };
    expect(parseConfig(consentConfigSchema, { ...required, ...twilio })).toMatchObject(twilio);
  });

  describe('in production', () => {
    const production = {
      ...required,
      NODE_ENV: 'production',
      CERTIFICATE_SIGNING_KEYS: `c1:${randomBytes(32).toString('base64')}`,
      CERTIFICATE_ACTIVE_KEY_ID: 'c1',
      STORAGE_BACKEND: 's3',
      S3_BUCKET: 'recordings',
      PUBLIC_URL: 'https://consent.example',
    };
    const twilio = {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15005550006',
    };
    const LOG_REFUSED =
      'Invalid configuration: SMS_PROVIDER: must be twilio in production (with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM): the log provider sends no text, so no partner would receive their code';

    it('refuses to start without a text provider, and with the log provider named: no text is reported sent that went nowhere', () => {
      expect(() => parseConfig(consentConfigSchema, production)).toThrow(LOG_REFUSED);
      expect(() => parseConfig(consentConfigSchema, { ...production, SMS_PROVIDER: 'log' })).toThrow(LOG_REFUSED);
      expect(() => parseConfig(consentConfigSchema, { ...production, SMS_PROVIDER: 'twilio' })).toThrow(
        'TWILIO_ACCOUNT_SID: is required when SMS_PROVIDER is twilio',
      );
    });

    it('refuses to leave the storage to its default: s3, or a local directory named explicitly', () => {
      expect(() => parseConfig(consentConfigSchema, { ...production, ...twilio, STORAGE_BACKEND: undefined })).toThrow(
        'Invalid configuration: STORAGE_BACKEND: is required in production: s3 (with S3_BUCKET), or local to keep the files in STORAGE_DIR on a volume of this one machine',
      );
      expect(
        parseConfig(consentConfigSchema, { ...production, ...twilio, STORAGE_BACKEND: 'local' }).STORAGE_BACKEND,
      ).toBe('local');
    });

    it("refuses to leave PUBLIC_URL to npm start's address: the partner's receipt link would lead to localhost", () => {
      const message =
        "Invalid configuration: PUBLIC_URL: is required in production: the web app's address as partners open it (https://...): the receipt link in their text starts with it";
      for (const PUBLIC_URL of [undefined, '']) {
        expect(() => parseConfig(consentConfigSchema, { ...production, ...twilio, PUBLIC_URL })).toThrow(message);
      }
    });

    it('refuses to start without certificate signing keys: a key made up at start would be lost at restart', () => {
      const withoutKeys = {
        ...production,
        ...twilio,
        CERTIFICATE_SIGNING_KEYS: undefined,
        CERTIFICATE_ACTIVE_KEY_ID: undefined,
      };
      expect(() => parseConfig(consentConfigSchema, withoutKeys)).toThrow(
        'Invalid configuration: CERTIFICATE_SIGNING_KEYS: is required in production',
      );
      // Elsewhere the same settings start, on a key made up for the process.
      expect(
        parseConfig(consentConfigSchema, { ...withoutKeys, NODE_ENV: 'test' }).CERTIFICATE_SIGNING_KEYS,
      ).toBeUndefined();
    });

    it('starts with Twilio, its storage, address and signing keys named', () => {
      expect(parseConfig(consentConfigSchema, { ...production, ...twilio })).toMatchObject({
        NODE_ENV: 'production',
        SMS_PROVIDER: 'twilio',
        STORAGE_BACKEND: 's3',
        PUBLIC_URL: 'https://consent.example',
        CERTIFICATE_ACTIVE_KEY_ID: 'c1',
      });
    });
  });

  it.each<[string, Record<string, string | undefined>, string]>([
    [
      'a short INTERNAL_SERVICE_TOKEN',
      { INTERNAL_SERVICE_TOKEN: 't'.repeat(31) },
      'INTERNAL_SERVICE_TOKEN: must be at least 32 characters',
    ],
    ['a missing INTERNAL_SERVICE_TOKEN', { INTERNAL_SERVICE_TOKEN: undefined }, 'INTERNAL_SERVICE_TOKEN: is required'],
    ['a zero SESSION_EXPIRY_MINUTES', { SESSION_EXPIRY_MINUTES: '0' }, 'SESSION_EXPIRY_MINUTES: '],
    ['a RECORDING_MAX_BYTES that is not a number', { RECORDING_MAX_BYTES: '50MB' }, 'RECORDING_MAX_BYTES: '],
    [
      'twilio without an account SID',
      { SMS_PROVIDER: 'twilio', TWILIO_AUTH_TOKEN: 's', TWILIO_FROM: '+1' },
      'TWILIO_ACCOUNT_SID: is required when SMS_PROVIDER is twilio',
    ],
    [
      'twilio without an auth token',
      { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_FROM: '+1' },
      'TWILIO_AUTH_TOKEN: is required when SMS_PROVIDER is twilio',
    ],
    [
      'twilio without a sender',
      { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 's' },
      'TWILIO_FROM: is required when SMS_PROVIDER is twilio',
    ],
    [
      'an account SID that is not one',
      { TWILIO_ACCOUNT_SID: 'SK123' },
      'TWILIO_ACCOUNT_SID: must be an account SID (AC...)',
    ],
    ['an unknown SMS_PROVIDER', { SMS_PROVIDER: 'carrier-pigeon' }, 'SMS_PROVIDER: '],
    ['a zero TEXT_MESSAGE_CONCURRENCY', { TEXT_MESSAGE_CONCURRENCY: '0' }, 'TEXT_MESSAGE_CONCURRENCY: '],
    ['a missing key ring', { STORAGE_ENCRYPTION_KEYS: undefined }, 'STORAGE_ENCRYPTION_KEYS: is required'],
    [
      'an active key id not in the ring',
      { STORAGE_ENCRYPTION_ACTIVE_KEY_ID: 'k2' },
      "STORAGE_ENCRYPTION_KEYS: The active key id is not one of the key ring's ids (k1)",
    ],
  ])('refuses %s with one line naming the variable', (_case, overrides, message) => {
    expect(() => parseConfig(consentConfigSchema, { ...required, ...overrides })).toThrow(
      `Invalid configuration: ${message}`,
    );
  });
});
