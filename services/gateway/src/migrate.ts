import { migrateCli } from '@app/database';
import { identityDataSourceOptions } from './identity-data-source';

/** `npm run migrate`: applies the identity schema's migrations as a step of its own. */
migrateCli('gateway', identityDataSourceOptions);
