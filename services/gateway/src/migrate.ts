import { env, loadConfigOrExit } from '@app/config';
import { runMigrations } from '@app/database';
import { z } from 'zod';
import { identityDataSourceOptions } from './database/identity-data-source';

/** `npm run migrate`: applies the identity schema's migrations as a step of its own. */
async function main(): Promise<void> {
  const { DATABASE_URL } = loadConfigOrExit(z.object({ DATABASE_URL: env.url(['postgres:', 'postgresql:']) }));
  const applied = await runMigrations(identityDataSourceOptions(DATABASE_URL));
  process.stdout.write(applied.length ? `gateway: applied ${applied.join(', ')}\n` : 'gateway: schema up to date\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`gateway: migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
