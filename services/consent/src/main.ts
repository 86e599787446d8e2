import 'reflect-metadata';
import { loadConfigOrExit } from '@app/config';
import { runMigrations } from '@app/database';
import { consentConfigSchema } from './config/consent-config.schema';
import { createConsentApp } from './create-consent-app';
import { consentDataSourceOptions } from './database/consent-data-source';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit(consentConfigSchema);
  // Development convenience; production runs `npm run migrate` as a release step before new instances start.
  if (config.MIGRATE_ON_START) await runMigrations(consentDataSourceOptions(config.DATABASE_URL));
  const app = await createConsentApp(config);
  await app.listen(config.CONSENT_PORT, config.CONSENT_HOST);
  process.stdout.write(`consent: listening on http://${config.CONSENT_HOST}:${config.CONSENT_PORT}\n`);
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(`consent: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
