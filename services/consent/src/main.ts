import 'reflect-metadata';
import { startService } from '@app/http';
import { consentConfigSchema } from './config/consent-config.schema';
import { createConsentApp } from './create-consent-app';
import { consentDataSourceOptions } from './database/consent-data-source';

startService({
  name: 'consent',
  schema: consentConfigSchema,
  dataSourceOptions: consentDataSourceOptions,
  createApp: createConsentApp,
  address: (config) => ({ port: config.CONSENT_PORT, host: config.CONSENT_HOST }),
  started: (config) => `consent: listening on http://${config.CONSENT_HOST}:${config.CONSENT_PORT}\n`,
});
