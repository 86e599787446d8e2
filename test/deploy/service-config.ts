import { parseConfig } from '@app/config';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { billingConfigSchema } from '../../services/billing/src/config/billing-config.schema';
import { consentConfigSchema } from '../../services/consent/src/config/consent-config.schema';
import { gatewayConfigSchema } from '../../services/gateway/src/config/gateway-config.schema';
import { mediaWorkerConfigSchema } from '../../services/media-worker/src/config/media-worker-config.schema';

/**
 * Each deployed service's own configuration schema: the deployment files are checked by parsing the environment they
 * give a service exactly as the service does at start-up.
 */
export const SERVICE_CONFIG_SCHEMAS = {
  gateway: gatewayConfigSchema,
  consent: consentConfigSchema,
  billing: billingConfigSchema,
  'media-worker': mediaWorkerConfigSchema,
} as const;

export type ServiceName = keyof typeof SERVICE_CONFIG_SCHEMAS;
export const SERVICE_NAMES = Object.keys(SERVICE_CONFIG_SCHEMAS) as ServiceName[];

/**
 * The service's configuration from `env` over what its image sets (the Dockerfile's `ENV` in its stage, such as the
 * media worker's PocketSphinx build), defaults applied; throws the one-line message the service would print.
 */
export function serviceConfig<S extends ServiceName>(service: S, env: Record<string, string>) {
  return parseConfig(SERVICE_CONFIG_SCHEMAS[service], { ...imageEnvironment(service), ...env }) as ReturnType<
    (typeof SERVICE_CONFIG_SCHEMAS)[S]['parse']
  >;
}

/** The unquoted `ENV KEY=value` lines of the service's own Dockerfile stage. */
function imageEnvironment(service: ServiceName): Record<string, string> {
  const stage =
    readFileSync(join(__dirname, '../../Dockerfile'), 'utf8')
      .split(/^FROM /m)
      .find((part) => part.split('\n')[0].endsWith(` AS ${service}`)) ?? '';
  return Object.fromEntries([...stage.matchAll(/^ENV (\w+)=([^"\s]+)$/gm)].map(([, key, value]) => [key, value]));
}

/** The media worker's whole-job time limit with the environment it is given (its default when unset). */
export function jobTimeoutMs(env: Record<string, string>): number {
  return serviceConfig('media-worker', env).JOB_TIMEOUT_MS;
}

const PLACEHOLDERS: Record<string, string> = {
  STORAGE_ENCRYPTION_KEYS: `placeholder:${Buffer.alloc(32, 1).toString('base64')}`,
  STORAGE_ENCRYPTION_ACTIVE_KEY_ID: 'placeholder',
  CERTIFICATE_SIGNING_KEYS: `placeholder:${Buffer.alloc(32, 1).toString('base64')}`,
  CERTIFICATE_ACTIVE_KEY_ID: 'placeholder',
  DATABASE_URL: 'postgres://consentiq:placeholder@postgres:5432/consentiq',
  REDIS_URL: 'redis://:placeholder@redis:6379',
  REDIS_ADDRESS: 'redis:6379',
  LIVE_REDIS_URL: 'redis://:placeholder@redis-live:6379',
  LIVE_REDIS_ADDRESS: 'redis-live:6379',
  // The example's choice to make; the TEST MODE checkout needs nothing else.
  PAYMENT_PROVIDER: 'local',
  TRANSCRIBER: 'local',
  // The only provider production takes; its settings in their own shapes.
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_FROM: '+15005550006',
};

/** A throwaway value of the shape the services require of the secret `name` (secrets: 32 characters or more). */
export function placeholderSecret(name: string): string {
  return PLACEHOLDERS[name] ?? `placeholder-${name.toLowerCase()}-0123456789abcdef`;
}
