import {
  checkLiveRedisConfig,
  env,
  explicitInProduction,
  liveRedisConfigShape,
  serviceConfigShape,
  withLiveRedisUrl,
} from '@app/config';
import { DEFAULT_METRICS_PORTS, metricsConfigShape } from '@app/metrics';
import { checkStorageConfig, STORAGE_OFFLINE_DEFAULTS, storageConfigShape } from '@app/storage';
import { z } from 'zod';

const gatewayConfig = z
  .object({
    ...serviceConfigShape,
    /** Where the live takes' audio goes (the partner's phone streams it here for the media workers). */
    ...liveRedisConfigShape,
    ...metricsConfigShape(DEFAULT_METRICS_PORTS.gateway),
    HOST: z.string().default('0.0.0.0'),
    PORT: env.port(3000),
    /** Public origin used in links (QR codes, e-mails); defaults to http://localhost:PORT, and production names its own. */
    PUBLIC_URL: env.url(['http:', 'https:']).optional(),
    /**
     * Origins besides PUBLIC_URL's (and the one a request was sent to) whose pages may make signed-in calls,
     * comma-separated (e.g. a second domain of the same deployment).
     */
    ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .pipe(z.array(env.url(['http:', 'https:']).transform((url) => new URL(url).origin))),
    JWT_SECRET: env.secret(32),
    SESSION_TTL_HOURS: env.positiveInt(24 * 7),
    /** Unset: on in production (served over HTTPS there), off otherwise; `false` opts out explicitly. */
    COOKIE_SECURE: env.optionalFlag(),
    /** Number of proxy hops in front of the gateway whose X-Forwarded-For may be trusted for the client IP. */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
    /** The country calling code a member's phone number written without one is read in (`1`: North America). */
    PHONE_DEFAULT_CALLING_CODE: z
      .string()
      .regex(/^[1-9]\d{0,2}$/, 'must be a country calling code without +')
      .default('1'),
    LOGIN_MAX_FAILURES_PER_IP: env.positiveInt(20),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: env.positiveInt(5),
    LOGIN_FAILURE_WINDOW_SECONDS: env.positiveInt(15 * 60),
    REGISTRATIONS_PER_IP_PER_HOUR: env.positiveInt(10),
    SESSIONS_PER_MEMBER_PER_HOUR: env.positiveInt(30),
    /** Public /verify: certificate and recording checks per address and hour (shared by both). */
    VERIFICATIONS_PER_IP_PER_HOUR: env.positiveInt(30),
    /** Live updates: a partner's `join-session` attempts per socket and per address, each per minute. */
    LIVE_JOINS_PER_SOCKET_PER_MINUTE: env.positiveInt(10),
    LIVE_JOINS_PER_IP_PER_MINUTE: env.positiveInt(60),
    /** The consent service's internal address; it is never exposed publicly. */
    CONSENT_SERVICE_URL: env.url(['http:', 'https:']).default('http://127.0.0.1:3001'),
    /** The billing service's internal address; it is never exposed publicly. */
    BILLING_SERVICE_URL: env.url(['http:', 'https:']).default('http://127.0.0.1:3002'),
    /** Checkouts a member may start per hour (create-subscription), and test-card payments per hour. */
    CHECKOUTS_PER_MEMBER_PER_HOUR: env.positiveInt(20),
    TEST_PAYMENTS_PER_MEMBER_PER_HOUR: env.positiveInt(20),
    /** How often the scheduled account deletion runs (the accounts whose accountDeletionDate has passed), in ms. */
    ACCOUNT_DELETION_INTERVAL_MS: env.positiveInt(15 * 60_000),
    /** The consent service's limit (same name and default there): a larger declared upload is refused at once. */
    RECORDING_MAX_BYTES: env.positiveInt(50 * 1024 * 1024),
    /** Profile pictures: a local directory or S3. */
    ...storageConfigShape,
    FRONTEND_DIR: z.string().default('dist/frontend'),
    SUPPORT_EMAIL: z.email({ message: 'must be an e-mail address' }),
    STRIPE_PUBLISHABLE_KEY: z.string().default(''),
  })
  .superRefine((config, context) => {
    checkStorageConfig(config, context);
    checkLiveRedisConfig(config, context);
  })
  .transform((config) => ({
    ...withLiveRedisUrl(config),
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    COOKIE_SECURE: config.COOKIE_SECURE ?? config.NODE_ENV === 'production',
  }));

export const gatewayConfigSchema = explicitInProduction(
  {
    ...STORAGE_OFFLINE_DEFAULTS,
    PUBLIC_URL: 'the address people open the app at (https://...): the origin of its links and pages',
  },
  gatewayConfig,
);

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
