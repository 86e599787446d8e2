import { parseConfig } from '@app/config';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { LocalDirectoryStorage } from './local-directory-storage';
import { S3Storage } from './s3-storage';
import {
  checkStorageConfig,
  checkStorageEncryptionConfig,
  createObjectStorage,
  keyRingFromConfig,
  storageConfigShape,
  storageEncryptionConfigShape,
} from './storage-config';

const backendSchema = z.object(storageConfigShape).superRefine(checkStorageConfig);
const encryptionSchema = z.object(storageEncryptionConfigShape).superRefine(checkStorageEncryptionConfig);

describe('storage configuration: backend', () => {
  it('defaults to a local directory', () => {
    expect(parseConfig(backendSchema, {})).toEqual({
      STORAGE_BACKEND: 'local',
      STORAGE_DIR: '.data/storage',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
    expect(createObjectStorage(parseConfig(backendSchema, { STORAGE_DIR: '/tmp/objects' }))).toBeInstanceOf(
      LocalDirectoryStorage,
    );
  });

  it('builds an S3 backend from the S3 variables', () => {
    const config = parseConfig(backendSchema, {
      STORAGE_BACKEND: 's3',
      S3_BUCKET: 'recordings',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const storage = createObjectStorage(config);
    expect(storage).toBeInstanceOf(S3Storage);
    (storage as S3Storage).destroy();
  });

  it.each<[string, Record<string, string>, string]>([
    ['s3 without a bucket', { STORAGE_BACKEND: 's3' }, 'S3_BUCKET: is required when STORAGE_BACKEND is s3'],
    [
      'an access key id alone',
      { S3_ACCESS_KEY_ID: 'id' },
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    ],
    [
      'a secret alone',
      { S3_SECRET_ACCESS_KEY: 'secret' },
      'S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    ],
    ['an unknown backend', { STORAGE_BACKEND: 'ftp' }, 'STORAGE_BACKEND: '],
    ['an endpoint that is not http(s)', { S3_ENDPOINT: 'ftp://x' }, 'S3_ENDPOINT: must be a http: or https: URL'],
  ])('refuses %s naming the variable', (_case, env, message) => {
    expect(() => parseConfig(backendSchema, env)).toThrow(`Invalid configuration: ${message}`);
  });
});

describe('storage configuration: encryption', () => {
  const k1 = randomBytes(32).toString('base64');
  const k2 = randomBytes(32).toString('base64');

  it('builds the key ring, active key first for new objects', () => {
    const ring = keyRingFromConfig(
      parseConfig(encryptionSchema, {
        STORAGE_ENCRYPTION_KEYS: `k2:${k2},k1:${k1}`,
        STORAGE_ENCRYPTION_ACTIVE_KEY_ID: 'k2',
      }),
    );
    expect(ring.active.id).toBe('k2');
    expect(ring.get('k1')?.toString('base64')).toBe(k1);
  });

  it.each([
    ['a short key', `k1:${randomBytes(16).toString('base64')}`, 'Key k1 is 16 bytes, expected 32'],
    ['a key without an id', k1, 'Key ring entry 1 is not of the form id:base64key'],
    ['a key that is not base64', `k1:${k1.slice(0, 30)}!!`, 'Key k1 is not valid base64'],
  ])('stops on %s with one line that holds no key material', (_case, keys, reason) => {
    let message = '';
    try {
      parseConfig(encryptionSchema, { STORAGE_ENCRYPTION_KEYS: keys, STORAGE_ENCRYPTION_ACTIVE_KEY_ID: 'k1' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(`Invalid configuration: STORAGE_ENCRYPTION_KEYS: ${reason}`);
    expect(message).not.toContain(k1.slice(0, 16));
  });

  it('requires both variables', () => {
    expect(() => parseConfig(encryptionSchema, { STORAGE_ENCRYPTION_KEYS: `k1:${k1}` })).toThrow(
      'Invalid configuration: STORAGE_ENCRYPTION_ACTIVE_KEY_ID: is required',
    );
  });
});
