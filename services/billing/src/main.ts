import 'reflect-metadata';
import { startService } from '@app/http';
import { billingDataSourceOptions } from './billing-data-source';
import { billingConfigSchema } from './config/billing-config.schema';
import { createBillingApp } from './create-billing-app';

startService({
  name: 'billing',
  schema: billingConfigSchema,
  dataSourceOptions: billingDataSourceOptions,
  createApp: createBillingApp,
  address: (config) => ({ port: config.BILLING_PORT, host: config.BILLING_HOST }),
  started: (config) =>
    `billing: listening on http://${config.BILLING_HOST}:${config.BILLING_PORT} (payment provider ${config.PAYMENT_PROVIDER})\n`,
});
