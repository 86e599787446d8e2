import { env } from '@app/config';
import { checkStorageConfig, checkStorageEncryptionConfig, storageConfigShape, storageEncryptionConfigShape } from '@app/storage';
import { z } from 'zod';

export const consentConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Internal service: reached only by the gateway, so it listens on loopback unless told otherwise. */
    CONSENT_HOST: z.string().default('127.0.0.1'),
    CONSENT_PORT: env.port(3001),
    DATABASE_URL: env.url(['postgres:', 'postgresql:']),
    REDIS_URL: env.url(['redis:', 'rediss:']),
    /** Lets several deployments (or test files) share one Redis. */
    REDIS_PREFIX: z.string().default('ciq:'),
    /** Shared with the gateway, which sends it as X-Internal-Token on every call. */
    INTERNAL_SERVICE_TOKEN: env.secret(32),
    /** How long a session nobody answered stays open. */
    SESSION_EXPIRY_MINUTES: env.positiveInt(30),
    RECORDING_MAX_BYTES: env.positiveInt(50 * 1024 * 1024),
    MAX_ASSETS_PER_SESSION: env.positiveInt(5),
    MIGRATE_ON_START: env.flag(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ...storageConfigShape,
    ...storageEncryptionConfigShape,
  })
  .superRefine((config, context) => {
    checkStorageConfig(config, context);
    checkStorageEncryptionConfig(config, context);
  });

export type ConsentConfig = z.infer<typeof consentConfigSchema>;

export const CONSENT_CONFIG = Symbol('CONSENT_CONFIG');
