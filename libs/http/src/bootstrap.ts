import { loadConfigOrExit, type ServiceConfig } from '@app/config';
import { runMigrations } from '@app/database';
import type { INestApplication } from '@nestjs/common';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import type { z } from 'zod';

export interface ServiceStart<C extends Pick<ServiceConfig, 'DATABASE_URL' | 'MIGRATE_ON_START'>> {
  /** Begins the one line printed when start-up fails: `<name>: failed to start: <reason>`. */
  name: string;
  schema: z.ZodType<C>;
  /** The options of the schema the service owns, migrated first when MIGRATE_ON_START is set. */
  dataSourceOptions(databaseUrl: string): PostgresConnectionOptions & { schema: string };
  createApp(config: C): Promise<INestApplication>;
  address(config: C): { port: number; host: string };
  /** Printed once the service listens. */
  started(config: C): string;
}

/**
 * A service's `main.ts`: a bad variable stops it with one line naming it, pending migrations are applied when asked,
 * then it listens and says so. Any other failure stops it with one line too, rather than a stack trace.
 */
export function startService<C extends Pick<ServiceConfig, 'DATABASE_URL' | 'MIGRATE_ON_START'>>(
  service: ServiceStart<C>,
): void {
  const start = async () => {
    const config = loadConfigOrExit(service.schema);
    // Development convenience; production runs `npm run migrate` as a release step before new instances start.
    if (config.MIGRATE_ON_START) await runMigrations(service.dataSourceOptions(config.DATABASE_URL));
    const app = await service.createApp(config);
    const { port, host } = service.address(config);
    await app.listen(port, host);
    process.stdout.write(service.started(config));
  };
  start().catch((error: unknown) => {
    process.stderr.write(
      `${service.name}: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
