import 'reflect-metadata';
import { startService } from '@app/http';
import { gatewayConfigSchema } from './config/gateway-config.schema';
import { createGatewayApp } from './create-gateway-app';
import { identityDataSourceOptions } from './identity-data-source';

startService({
  name: 'gateway',
  schema: gatewayConfigSchema,
  dataSourceOptions: identityDataSourceOptions,
  createApp: createGatewayApp,
  address: (config) => ({ port: config.PORT, host: config.HOST }),
  started: (config) => `\nConsentIQ is running at ${config.PUBLIC_URL}\n\n`,
});
