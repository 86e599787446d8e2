import {
  checkLiveRedisConfig,
  env,
  explicitInProduction,
  liveRedisConfigShape,
  processConfigShape,
  withLiveRedisUrl,
} from '@app/config';
import { DEFAULT_METRICS_PORTS, metricsConfigShape } from '@app/metrics';
import { JOB_CONTRACTS, JOBS } from '@app/queue';
import {
  checkStorageConfig,
  checkStorageEncryptionConfig,
  STORAGE_OFFLINE_DEFAULTS,
  storageConfigShape,
  storageEncryptionConfigShape,
} from '@app/storage';
import { z } from 'zod';

const mediaWorkerConfig = z
  .object({
    ...processConfigShape,
    /** Its only HTTP port: `/metrics`, `/healthz` and `/readyz`. */
    ...metricsConfigShape(DEFAULT_METRICS_PORTS['media-worker']),
    /** The consent service's internal address: the analysis input is read there and the verdict written back. */
    CONSENT_SERVICE_URL: env.url(['http:', 'https:']).default('http://127.0.0.1:3001'),
    /** This worker's own credential at the consent service (valid on the analysis routes only). */
    MEDIA_WORKER_TOKEN: env.secret(32),
    /** How many recordings one worker analyses at once; each uses about one core while it decodes (the job table's setting, with its default). */
    MEDIA_CONCURRENCY: env.positiveInt(JOB_CONTRACTS[JOBS.analyzeRecording].concurrency.default),
    /** Time limit of each step (decrypting, ffprobe, ffmpeg, each recogniser process, the transcription call). */
    STEP_TIMEOUT_MS: env.positiveInt(20_000),
    /**
     * Time limit of a whole analysis (every step, both recognisers, the calls to the consent service); past it the
     * attempt is aborted, its child processes killed, and the job retried. A stopping worker waits at most this long
     * for the jobs it holds, so Kubernetes' terminationGracePeriodSeconds must exceed it.
     */
    JOB_TIMEOUT_MS: env.positiveInt(120_000),
    /** The spec stops recording at 30 s; one more second allows for container rounding. */
    MAX_RECORDING_SECONDS: env.positiveInt(31),
    /**
     * How long a job stays locked without the worker renewing it; a worker killed mid-job gives its job back to the
     * queue once this has passed.
     */
    JOB_LOCK_MS: env.positiveInt(30_000),
    TRANSCRIBER: z.enum(['local', 'openai']).default('local'),
    /**
     * For `local`, required: the project's PocketSphinx build (services/media-worker/pocketsphinx: Debian's source,
     * patched to decode the same in less time, and the worker's decoder server), which npm start, npm test and the
     * image build.
     */
    POCKETSPHINX_BIN_DIR: z.string().startsWith('/', 'must be an absolute path').optional(),
    /** For `local`: decoder processes, each decoding one request at a time (about a core each while it decodes). */
    DECODER_PROCESSES: env.positiveInt(2),
    /**
     * Live takes (the partner's audio heard while they record, LIVE_HEARING) this worker hears at once, each with a
     * streaming decoder process of its own (about a third of a core while the partner speaks); 0 turns the live hearing
     * off in this worker. Needs the PocketSphinx build (POCKETSPHINX_BIN_DIR) whatever TRANSCRIBER is.
     */
    LIVE_TAKES: z.coerce.number().int().min(0).default(4),
    /** Where the live takes are read from; production names it unless LIVE_TAKES is 0. */
    ...liveRedisConfigShape,
    /** For `openai`: any OpenAI-compatible server (OpenAI itself when unset, or a self-hosted Whisper server). */
    OPENAI_BASE_URL: env.url(['http:', 'https:']).optional(),
    OPENAI_API_KEY: z.string().min(1).optional(),
    OPENAI_TRANSCRIBE_MODEL: z.string().min(1).default('whisper-1'),
    ...storageConfigShape,
    ...storageEncryptionConfigShape,
  })
  .superRefine((config, context) => {
    checkStorageConfig(config, context);
    checkStorageEncryptionConfig(config, context);
    if (config.TRANSCRIBER === 'local' && !config.POCKETSPHINX_BIN_DIR) {
      context.addIssue({
        code: 'custom',
        path: ['POCKETSPHINX_BIN_DIR'],
        message: 'is required when TRANSCRIBER is local (npm start and the image set it)',
      });
    }
    if (config.TRANSCRIBER !== 'local' && config.LIVE_TAKES > 0 && !config.POCKETSPHINX_BIN_DIR) {
      context.addIssue({
        code: 'custom',
        path: ['POCKETSPHINX_BIN_DIR'],
        message: 'is required when LIVE_TAKES is above 0 (LIVE_TAKES=0 turns the live hearing off)',
      });
    }
    if (config.TRANSCRIBER === 'openai' && !config.OPENAI_API_KEY) {
      context.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: 'is required when TRANSCRIBER is openai' });
    }
    // A worker that hears no take never connects to it.
    if (config.LIVE_TAKES > 0) checkLiveRedisConfig(config, context, ' (LIVE_TAKES=0 turns the live hearing off)');
  })
  .transform(withLiveRedisUrl);

/**
 * Production names its recogniser. `local` written out is allowed: PocketSphinx is the product's own offline recogniser
 * (the image builds it), not a stand-in; what production must not do is pick it by having said nothing.
 */
export const mediaWorkerConfigSchema = explicitInProduction(
  {
    ...STORAGE_OFFLINE_DEFAULTS,
    TRANSCRIBER: 'local (PocketSphinx, offline, built into the image) or openai (with OPENAI_API_KEY)',
  },
  mediaWorkerConfig,
);

export type MediaWorkerConfig = z.infer<typeof mediaWorkerConfigSchema>;

export const MEDIA_WORKER_CONFIG = Symbol('MEDIA_WORKER_CONFIG');
