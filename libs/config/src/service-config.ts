import { z } from 'zod';
import { env } from './env-types';
import { serverTimeoutsConfigShape } from './server-timeouts';

/**
 * The variables every service reads, declared once. A service spreads the shape into its own schema
 * (`z.object({ ...serviceConfigShape, PORT: env.port(3000) })`), so each is spelled and documented the same way.
 */
export const processConfigShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  REDIS_URL: env.url(['redis:', 'rediss:']),
  /** Lets several deployments (or test files) share one Redis. */
  REDIS_PREFIX: z.string().default('ciq:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json` (one object per line, for the log collector) or `pretty` (readable lines, for `npm start`). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  /** Every process has an HTTP server (the media worker's metrics port at least). */
  ...serverTimeoutsConfigShape,
};

/**
 * The live takes' Redis (LIVE_HEARING: each take's audio stream, `live:takes` and its consumer group, the sessions'
 * holds, the workers' free places), under REDIS_PREFIX too. It keeps nothing on disk: a partner's audio must never
 * reach the append-only file the queues' Redis keeps. Unset, it is REDIS_URL (`npm start` and the tests run one Redis
 * that writes nothing to disk); production names it (`checkLiveRedisConfig`).
 */
export const liveRedisConfigShape = {
  LIVE_REDIS_URL: env.url(['redis:', 'rediss:']).optional(),
};

interface LiveRedisSettings {
  NODE_ENV: ProcessConfig['NODE_ENV'];
  REDIS_URL: string;
  LIVE_REDIS_URL?: string;
}

/**
 * For a superRefine: production names the live takes' own Redis, as falling back to the queues' one would keep audio
 * on disk. `note` ends the message (what else turns the requirement off).
 */
export function checkLiveRedisConfig(config: LiveRedisSettings, context: z.RefinementCtx, note = ''): void {
  if (config.NODE_ENV !== 'production' || config.LIVE_REDIS_URL) return;
  context.addIssue({
    code: 'custom',
    path: ['LIVE_REDIS_URL'],
    message: `is required in production: a Redis of the live takes' own that keeps nothing on disk (no append-only file, no snapshots), so the partners' audio never reaches the queues' append-only file${note}`,
  });
}

/** For a transform: LIVE_REDIS_URL filled in with REDIS_URL where it may be left unset (outside production, and in a worker that hears no takes). */
export function withLiveRedisUrl<C extends LiveRedisSettings>(config: C): C & { LIVE_REDIS_URL: string } {
  return { ...config, LIVE_REDIS_URL: config.LIVE_REDIS_URL ?? config.REDIS_URL };
}

/** What a process without a database of its own reads (the media worker); the services add the rest below. */
export type ProcessConfig = z.infer<z.ZodObject<typeof processConfigShape>>;

export const serviceConfigShape = {
  ...processConfigShape,
  DATABASE_URL: env.url(['postgres:', 'postgresql:']),
  /** The gateway sends it as X-Internal-Token on every internal call; the internal services refuse calls without it. */
  INTERNAL_SERVICE_TOKEN: env.secret(32),
  /** Development convenience; production runs `npm run migrate` as a release step before new instances start. */
  MIGRATE_ON_START: env.flag(false),
};

export type ServiceConfig = z.infer<z.ZodObject<typeof serviceConfigShape>>;
