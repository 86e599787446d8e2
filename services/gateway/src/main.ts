import 'reflect-metadata';
import { loadConfigOrExit } from '@app/config';
import { gatewayConfigSchema } from './config/gateway-config.schema';
import { createGatewayApp } from './create-gateway-app';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit(gatewayConfigSchema);
  const app = await createGatewayApp(config);
  await app.listen(config.PORT, config.HOST);
  process.stdout.write(`\nConsentIQ is running at ${config.PUBLIC_URL}\n\n`);
}

void bootstrap();
