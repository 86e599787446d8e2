import type { EntitySchema, MixedList } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';

export interface PostgresOptionsInput {
  url: string;
  /** The schema this service owns; its tables and its migrations table live there and nowhere else. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

/** Options for a service's own schema; `schema` is always set, which the migration runner relies on. */
export function postgresOptions(input: PostgresOptionsInput): PostgresConnectionOptions & { schema: string } {
  return {
    type: 'postgres',
    url: input.url,
    schema: input.schema,
    entities: input.entities,
    migrations: input.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: 10, application_name: input.schema },
  };
}
