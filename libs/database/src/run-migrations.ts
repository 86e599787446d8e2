import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';

/** Creates the owned schema (TypeORM keeps its migrations table inside it) and applies pending migrations, each in its own transaction. */
export async function runMigrations(options: PostgresConnectionOptions & { schema: string }): Promise<string[]> {
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  try {
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
