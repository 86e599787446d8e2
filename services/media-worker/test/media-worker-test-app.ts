import { parseConfig } from '@app/config';
import { pocketsphinxEnvironment } from '@app/testing';
import type { INestApplicationContext } from '@nestjs/common';
import type { ConsentTestApp } from '../../consent/test/consent-test-app';
import { MediaWorkerConfig, mediaWorkerConfigSchema } from '../src/config/media-worker-config.schema';
import { createMediaWorker } from '../src/create-media-worker';

/** The environment the worker needs to serve this consent service: its address, credential, Redis prefix and storage. */
export function mediaWorkerEnvironment(consent: ConsentTestApp): Record<string, string> {
  const { config } = consent;
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // A free port: test files run in parallel, each with its own stack (in this process or spawned).
    METRICS_PORT: '0',
    REDIS_URL: config.REDIS_URL,
    REDIS_PREFIX: config.REDIS_PREFIX,
    CONSENT_SERVICE_URL: consent.baseUrl,
    MEDIA_WORKER_TOKEN: config.MEDIA_WORKER_TOKEN,
    STORAGE_DIR: config.STORAGE_DIR,
    STORAGE_ENCRYPTION_KEYS: config.STORAGE_ENCRYPTION_KEYS,
    STORAGE_ENCRYPTION_ACTIVE_KEY_ID: config.STORAGE_ENCRYPTION_ACTIVE_KEY_ID,
    ...pocketsphinxEnvironment(),
  };
}

export interface MediaWorkerTestApp {
  app: INestApplicationContext;
  config: MediaWorkerConfig;
}

/** The real worker, in this process, consuming the consent service's queue. */
export async function startMediaWorker(
  consent: ConsentTestApp,
  overrides: Record<string, string> = {},
): Promise<MediaWorkerTestApp> {
  const config = parseConfig(mediaWorkerConfigSchema, { ...mediaWorkerEnvironment(consent), ...overrides });
  return { app: await createMediaWorker(config), config };
}
