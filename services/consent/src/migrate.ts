import { migrateCli } from '@app/database';
import { consentDataSourceOptions } from './database/consent-data-source';

/** `npm run migrate`: applies the consent schema's migrations as a step of its own. */
migrateCli('consent', consentDataSourceOptions);
