import { env, type OfflineDefaults } from '@app/config';
import { z } from 'zod';
import { KeyRing, KeyRingError } from './key-ring';
import { LocalDirectoryStorage } from './local-directory-storage';
import { ObjectStorage } from './object-storage';
import { S3Storage } from './s3-storage';

/**
 * Where objects live, as environment variables. Spread into a service's config schema and check it with
 * `checkStorageConfig`; encryption is configured apart (below) because not every caller encrypts.
 */
export const storageConfigShape = {
  STORAGE_BACKEND: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().min(1).default('.data/storage'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Omit for AWS; set for MinIO, R2 or another S3-compatible service. */
  S3_ENDPOINT: env.url(['http:', 'https:']).optional(),
  /** Both or neither; neither uses the SDK's default credential chain. */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: env.flag(false),
};

export type StorageConfig = z.infer<z.ZodObject<typeof storageConfigShape>>;

/**
 * For `explicitInProduction`: production names its storage. `local` written out is allowed, as a conscious choice of
 * one machine whose STORAGE_DIR is a kept volume; left unset, the default would write into a container's layer.
 */
export const STORAGE_OFFLINE_DEFAULTS: OfflineDefaults = {
  STORAGE_BACKEND: 's3 (with S3_BUCKET), or local to keep the files in STORAGE_DIR on a volume of this one machine',
};

/** The rules across variables, for the schema's superRefine. */
export function checkStorageConfig(config: StorageConfig, context: z.RefinementCtx): void {
  if (config.STORAGE_BACKEND === 's3' && !config.S3_BUCKET) {
    context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE_BACKEND is s3' });
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    const missing = config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    context.addIssue({
      code: 'custom',
      path: [missing],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    });
  }
}

/** The configured backend, unencrypted: wrap it in EncryptedStorage where the content needs it. */
export function createObjectStorage(config: StorageConfig): ObjectStorage {
  if (config.STORAGE_BACKEND === 'local') return new LocalDirectoryStorage(config.STORAGE_DIR);
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE_BACKEND is s3');
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return new S3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

/** Key-encryption keys for EncryptedStorage: `id:base64,...` as KeyRing.fromConfig parses, and the id new objects use. */
export const storageEncryptionConfigShape = {
  STORAGE_ENCRYPTION_KEYS: z.string({ message: 'is required' }).min(1, 'is required'),
  STORAGE_ENCRYPTION_ACTIVE_KEY_ID: z.string({ message: 'is required' }).min(1, 'is required'),
};

export type StorageEncryptionConfig = z.infer<z.ZodObject<typeof storageEncryptionConfigShape>>;

export function keyRingFromConfig(config: StorageEncryptionConfig): KeyRing {
  return KeyRing.fromConfig(config.STORAGE_ENCRYPTION_KEYS, config.STORAGE_ENCRYPTION_ACTIVE_KEY_ID);
}

/**
 * Parses the key ring while the configuration is validated, so a malformed one stops start-up with one line.
 * KeyRingError messages never contain key material.
 */
export function checkStorageEncryptionConfig(config: StorageEncryptionConfig, context: z.RefinementCtx): void {
  try {
    keyRingFromConfig(config);
  } catch (error) {
    if (!(error instanceof KeyRingError)) throw error;
    context.addIssue({ code: 'custom', path: ['STORAGE_ENCRYPTION_KEYS'], message: error.message });
  }
}
