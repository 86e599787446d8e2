import { migrateCli } from '@app/database';
import { billingDataSourceOptions } from './billing-data-source';

/** `npm run migrate`: applies the billing schema's migrations as a step of its own. */
migrateCli('billing', billingDataSourceOptions);
