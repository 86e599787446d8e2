import { parseConfig } from '@app/config';
import { randomBytes } from 'node:crypto';
import { mediaWorkerConfigSchema } from './media-worker-config.schema';

const required = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  MEDIA_WORKER_TOKEN: 'w'.repeat(32),
  STORAGE_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  STORAGE_ENCRYPTION_ACTIVE_KEY_ID: 'k1',
  POCKETSPHINX_BIN_DIR: '/opt/pocketsphinx/bin',
};

describe('mediaWorkerConfigSchema', () => {
  it('needs no database and fills the documented defaults: the offline recogniser, one recording at a time', () => {
    expect(parseConfig(mediaWorkerConfigSchema, required)).toMatchObject({
      CONSENT_SERVICE_URL: 'http://127.0.0.1:3001',
      MEDIA_CONCURRENCY: 1,
      STEP_TIMEOUT_MS: 20_000,
      MAX_RECORDING_SECONDS: 31,
      JOB_LOCK_MS: 30_000,
      JOB_TIMEOUT_MS: 120_000,
      TRANSCRIBER: 'local',
      DECODER_PROCESSES: 2,
      LIVE_TAKES: 4,
      OPENAI_TRANSCRIBE_MODEL: 'whisper-1',
      STORAGE_BACKEND: 'local',
      LOG_FORMAT: 'json',
      METRICS_HOST: '127.0.0.1',
      METRICS_PORT: 9467,
    });
  });

  it('in production, refuses to leave the recogniser or the storage to its default, and starts once both are named', () => {
    const production = {
      ...required,
      NODE_ENV: 'production',
      TRANSCRIBER: 'local',
      STORAGE_BACKEND: 'local',
      LIVE_REDIS_URL: 'redis://redis-live:6379',
    };
    expect(() => parseConfig(mediaWorkerConfigSchema, { ...production, TRANSCRIBER: undefined })).toThrow(
      'Invalid configuration: TRANSCRIBER: is required in production: local (PocketSphinx, offline, built into the image) or openai (with OPENAI_API_KEY)',
    );
    expect(() => parseConfig(mediaWorkerConfigSchema, { ...production, STORAGE_BACKEND: undefined })).toThrow(
      'Invalid configuration: STORAGE_BACKEND: is required in production: ',
    );
    expect(parseConfig(mediaWorkerConfigSchema, production)).toMatchObject({
      TRANSCRIBER: 'local',
      STORAGE_BACKEND: 'local',
    });
    expect(
      parseConfig(mediaWorkerConfigSchema, { ...production, TRANSCRIBER: 'openai', OPENAI_API_KEY: 'sk-test' })
        .TRANSCRIBER,
    ).toBe('openai');
  });

  it('hears live takes with the PocketSphinx build whatever the recogniser, and LIVE_TAKES=0 needs none', () => {
    const openai = { ...required, TRANSCRIBER: 'openai', OPENAI_API_KEY: 'sk-test', POCKETSPHINX_BIN_DIR: undefined };
    expect(() => parseConfig(mediaWorkerConfigSchema, openai)).toThrow(
      'POCKETSPHINX_BIN_DIR: is required when LIVE_TAKES is above 0 (LIVE_TAKES=0 turns the live hearing off)',
    );
    expect(parseConfig(mediaWorkerConfigSchema, { ...openai, LIVE_TAKES: '0' }).LIVE_TAKES).toBe(0);
    expect(() => parseConfig(mediaWorkerConfigSchema, { ...required, LIVE_TAKES: '-1' })).toThrow('LIVE_TAKES: ');
  });

  it('reads live takes from REDIS_URL outside production; production names their own Redis unless LIVE_TAKES is 0', () => {
    expect(parseConfig(mediaWorkerConfigSchema, required).LIVE_REDIS_URL).toBe(required.REDIS_URL);
    const production = { ...required, NODE_ENV: 'production', TRANSCRIBER: 'local', STORAGE_BACKEND: 'local' };
    expect(() => parseConfig(mediaWorkerConfigSchema, production)).toThrow(
      "Invalid configuration: LIVE_REDIS_URL: is required in production: a Redis of the live takes' own that keeps nothing on disk (no append-only file, no snapshots), so the partners' audio never reaches the queues' append-only file (LIVE_TAKES=0 turns the live hearing off)",
    );
    const liveRedisUrl = 'redis://:secret@redis-live:6379';
    expect(parseConfig(mediaWorkerConfigSchema, { ...production, LIVE_REDIS_URL: liveRedisUrl }).LIVE_REDIS_URL).toBe(
      liveRedisUrl,
    );
    expect(parseConfig(mediaWorkerConfigSchema, { ...production, LIVE_TAKES: '0' }).LIVE_TAKES).toBe(0);
    expect(() => parseConfig(mediaWorkerConfigSchema, { ...required, LIVE_REDIS_URL: 'http://cache' })).toThrow(
      'Invalid configuration: LIVE_REDIS_URL: must be a redis: or rediss: URL',
    );
  });

  it.each<[string, Record<string, string | undefined>, string]>([
    ['a missing worker credential', { MEDIA_WORKER_TOKEN: undefined }, 'MEDIA_WORKER_TOKEN: is required'],
    [
      'the openai recogniser without a key',
      { TRANSCRIBER: 'openai' },
      'OPENAI_API_KEY: is required when TRANSCRIBER is openai',
    ],
    ['an unknown recogniser', { TRANSCRIBER: 'whisper.cpp' }, 'TRANSCRIBER: '],
    ['a key ring without the active key', { STORAGE_ENCRYPTION_ACTIVE_KEY_ID: 'k2' }, 'STORAGE_ENCRYPTION_KEYS: '],
    [
      'the offline recogniser without its build',
      { POCKETSPHINX_BIN_DIR: undefined },
      'POCKETSPHINX_BIN_DIR: is required when TRANSCRIBER is local',
    ],
    [
      'a relative PocketSphinx directory',
      { POCKETSPHINX_BIN_DIR: '.data/tools' },
      'POCKETSPHINX_BIN_DIR: must be an absolute path',
    ],
  ])('refuses %s with one line naming the variable', (_, overrides, message) => {
    expect(() => parseConfig(mediaWorkerConfigSchema, { ...required, ...overrides })).toThrow(message);
  });
});
