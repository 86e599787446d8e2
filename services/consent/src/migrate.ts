import { env, loadConfigOrExit } from '@app/config';
import { runMigrations } from '@app/database';
import { z } from 'zod';
import { consentDataSourceOptions } from './database/consent-data-source';

/** `npm run migrate`: applies the consent schema's migrations as a step of its own. */
async function main(): Promise<void> {
  const { DATABASE_URL } = loadConfigOrExit(z.object({ DATABASE_URL: env.url(['postgres:', 'postgresql:']) }));
  const applied = await runMigrations(consentDataSourceOptions(DATABASE_URL));
  process.stdout.write(applied.length ? `consent: applied ${applied.join(', ')}\n` : 'consent: schema up to date\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`consent: migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
