import { runMigrations } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { DataSource } from 'typeorm';
import { consentDataSourceOptions } from '../src/database/consent-data-source';

/**
 * Undoes every migration applied after `name`, newest first, so a test can reverse `name` itself however many
 * migrations later features add. Answers how many were undone (`runMigrations` then applies them and `name` again).
 */
export async function undoMigrationsAfter(dataSource: DataSource, name: string): Promise<number> {
  const index = dataSource.migrations.findIndex((migration) => migration.name === name);
  if (index < 0) throw new Error(`No migration ${name}`);
  const later = dataSource.migrations.length - 1 - index;
  for (let undone = 0; undone < later; undone++) await dataSource.undoLastMigration({ transaction: 'each' });
  return later;
}

/** A database of the file's own with every consent migration applied and a connection to it; both go after the file. */
export function useMigratedDatabase(): { readonly dataSource: DataSource; readonly url: string } {
  let database: TestDatabase | undefined;
  let dataSource: DataSource | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    await runMigrations(consentDataSourceOptions(database.url));
    dataSource = await new DataSource(consentDataSourceOptions(database.url)).initialize();
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });
  return {
    get dataSource() {
      return dataSource!;
    },
    get url() {
      return database!.url;
    },
  };
}
