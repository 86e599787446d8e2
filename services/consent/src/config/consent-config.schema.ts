import { env, explicitInProduction, serviceConfigShape } from '@app/config';
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
import { parseSigningKeys, SigningKeyError } from './certificate-signing-keys';

/** Who sends the verdict's text messages (src/text-messages). */
const textMessageConfigShape = {
  /**
   * `log` (default): nothing leaves the machine, the outbox row is marked sent by provider `log`; refused in production,
   * where a text that went nowhere would be reported as sent. `twilio`: Twilio's API.
   */
  SMS_PROVIDER: z.enum(['log', 'twilio']).default('log'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-zA-Z]+$/, 'must be an account SID (AC...)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sending number (E.164) or messaging sender id. */
  TWILIO_FROM: z.string().min(1).optional(),
  /**
   * Tests and self-hosted Twilio-compatible gateways only: replaces the origin (scheme, host, port) of every Twilio
   * API call, keeping its path. Unset in production, where the SDK reaches api.twilio.com.
   */
  TWILIO_API_BASE_URL: env.url(['http:', 'https:']).optional(),
  /** Phone codes texted to one number per 24 hours, whichever sessions ask (the partner's phone proof). */
  PHONE_CODES_PER_NUMBER_PER_DAY: env.positiveInt(10),
  /** Phone codes the sessions of one member may text per hour: a few sessions' worth, not a member texting number after number. */
  PHONE_CODES_PER_MEMBER_PER_HOUR: env.positiveInt(20),
  /** Phone codes asked for from one network address per hour (a venue's shared address included). */
  PHONE_CODES_PER_ADDRESS_PER_HOUR: env.positiveInt(30),
  /** Texts sent at once by this process (the job table's setting, with its default). */
  TEXT_MESSAGE_CONCURRENCY: env.positiveInt(JOB_CONTRACTS[JOBS.sendTextMessage].concurrency.default),
};

function checkTextMessageConfig(
  config: z.infer<z.ZodObject<typeof textMessageConfigShape>> & { NODE_ENV: string },
  context: z.RefinementCtx,
): void {
  if (config.SMS_PROVIDER === 'log' && config.NODE_ENV === 'production') {
    return void context.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: LOG_IN_PRODUCTION });
  }
  if (config.SMS_PROVIDER !== 'twilio') return;
  for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
    if (!config[name])
      context.addIssue({ code: 'custom', path: [name], message: 'is required when SMS_PROVIDER is twilio' });
  }
}

const LOG_IN_PRODUCTION =
  'must be twilio in production (with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM): the log provider sends no text, so no partner would receive their code';

/** The Ed25519 keys that sign certificates (src/certificates): `id:base64,...`, each a 32-byte seed or PKCS#8 DER. */
const certificateConfigShape = {
  CERTIFICATE_SIGNING_KEYS: z.string().min(1).optional(),
  /** Which listed key signs new certificates; the others still verify the ones they signed. */
  CERTIFICATE_ACTIVE_KEY_ID: z.string().min(1).optional(),
};

function checkCertificateConfig(
  config: z.infer<z.ZodObject<typeof certificateConfigShape>> & { NODE_ENV: string },
  context: z.RefinementCtx,
): void {
  if (!config.CERTIFICATE_SIGNING_KEYS) {
    // Elsewhere a key made up at start signs (lost at restart); `npm start` writes a lasting one to .env.
    if (config.NODE_ENV === 'production')
      context.addIssue({ code: 'custom', path: ['CERTIFICATE_SIGNING_KEYS'], message: 'is required in production' });
    return;
  }
  if (!config.CERTIFICATE_ACTIVE_KEY_ID)
    return void context.addIssue({
      code: 'custom',
      path: ['CERTIFICATE_ACTIVE_KEY_ID'],
      message: 'is required with CERTIFICATE_SIGNING_KEYS',
    });
  try {
    parseSigningKeys(config.CERTIFICATE_SIGNING_KEYS, config.CERTIFICATE_ACTIVE_KEY_ID);
  } catch (error) {
    if (!(error instanceof SigningKeyError)) throw error;
    context.addIssue({ code: 'custom', path: ['CERTIFICATE_SIGNING_KEYS'], message: error.message });
  }
}

const consentConfig = z
  .object({
    ...serviceConfigShape,
    ...metricsConfigShape(DEFAULT_METRICS_PORTS.consent),
    /** Internal service: reached only by the gateway, so it listens on loopback unless told otherwise. */
    CONSENT_HOST: z.string().default('127.0.0.1'),
    CONSENT_PORT: env.port(3001),
    /** How long a session nobody answered stays open. */
    SESSION_EXPIRY_MINUTES: env.positiveInt(30),
    /** How long a partner whose recording was unclear may record again; then that outcome is the verdict. */
    RETAKE_WINDOW_MINUTES: env.positiveInt(10),
    RECORDING_MAX_BYTES: env.positiveInt(50 * 1024 * 1024),
    MAX_ASSETS_PER_SESSION: env.positiveInt(5),
    /** The media worker's own credential for the analysis routes (the gateway's is refused there, and this elsewhere). */
    MEDIA_WORKER_TOKEN: env.secret(32),
    /**
     * The web app's address as the partner opens it: the receipt link in their text starts with it. The default is
     * `npm start`'s gateway, refused in production: a link to localhost reaches no partner.
     */
    PUBLIC_URL: env.url(['http:', 'https:']).default('http://localhost:3000'),
    ...storageConfigShape,
    ...storageEncryptionConfigShape,
    ...textMessageConfigShape,
    ...certificateConfigShape,
  })
  .superRefine((config, context) => {
    checkStorageConfig(config, context);
    checkStorageEncryptionConfig(config, context);
    checkTextMessageConfig(config, context);
    checkCertificateConfig(config, context);
  });

export const consentConfigSchema = explicitInProduction(
  {
    ...STORAGE_OFFLINE_DEFAULTS,
    PUBLIC_URL:
      "the web app's address as partners open it (https://...): the receipt link in their text starts with it",
  },
  consentConfig,
);

export type ConsentConfig = z.infer<typeof consentConfigSchema>;

export const CONSENT_CONFIG = Symbol('CONSENT_CONFIG');
