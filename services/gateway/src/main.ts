import 'reflect-metadata';
import { loadConfigOrExit } from '@app/config';
import { runMigrations } from '@app/database';
import { gatewayConfigSchema } from './config/gateway-config.schema';
import { createGatewayApp } from './create-gateway-app';
import { identityDataSourceOptions } from './database/identity-data-source';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit(gatewayConfigSchema);
  // Development convenience; production runs `npm run migrate` as a release step before new instances start.
  if (config.MIGRATE_ON_START) await runMigrations(identityDataSourceOptions(config.DATABASE_URL));
  const app = await createGatewayApp(config);
  await app.listen(config.PORT, config.HOST);
  process.stdout.write(`\nConsentIQ is running at ${config.PUBLIC_URL}\n\n`);
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(`gateway: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
