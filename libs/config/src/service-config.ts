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
