import { env, serviceConfigShape } from '@app/config';
import { checkStorageConfig, checkStorageEncryptionConfig, storageConfigShape, storageEncryptionConfigShape } from '@app/storage';
import { z } from 'zod';

export const consentConfigSchema = z
  .object({
    ...serviceConfigShape,
    /** Internal service: reached only by the gateway, so it listens on loopback unless told otherwise. */
    CONSENT_HOST: z.string().default('127.0.0.1'),
    CONSENT_PORT: env.port(3001),
    /** How long a session nobody answered stays open. */
    SESSION_EXPIRY_MINUTES: env.positiveInt(30),
    RECORDING_MAX_BYTES: env.positiveInt(50 * 1024 * 1024),
    MAX_ASSETS_PER_SESSION: env.positiveInt(5),
    /** The media worker's own credential for the analysis routes (the gateway's is refused there, and this elsewhere). */
    MEDIA_WORKER_TOKEN: env.secret(32),
    ...storageConfigShape,
    ...storageEncryptionConfigShape,
  })
  .superRefine((config, context) => {
    checkStorageConfig(config, context);
    checkStorageEncryptionConfig(config, context);
  });

export type ConsentConfig = z.infer<typeof consentConfigSchema>;

export const CONSENT_CONFIG = Symbol('CONSENT_CONFIG');
