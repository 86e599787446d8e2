import { env, loadConfigOrExit } from '@app/config';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { z } from 'zod';
import { runMigrations } from './run-migrations';

/** A service's `migrate` entry point: applies its own schema's pending migrations and says what it did in one line. */
export function migrateCli(
  service: string,
  optionsFor: (databaseUrl: string) => PostgresConnectionOptions & { schema: string },
): void {
  const { DATABASE_URL } = loadConfigOrExit(z.object({ DATABASE_URL: env.url(['postgres:', 'postgresql:']) }));
  runMigrations(optionsFor(DATABASE_URL)).then(
    (applied) =>
      process.stdout.write(
        applied.length ? `${service}: applied ${applied.join(', ')}\n` : `${service}: schema up to date\n`,
      ),
    (error: unknown) => {
      process.stderr.write(`${service}: migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
