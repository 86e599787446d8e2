import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** A statement Postgres parses and plans once per connection; `name` must be unique to `text`. */
export interface PreparedStatement {
  name: string;
  text: string;
}

/**
 * Runs a prepared statement on the DataSource's own connection pool, with no query builder in between: for the few
 * reads every request makes, where TypeORM's per-query work (building SQL, hydrating entities) would cost more than
 * the query itself. Everything else goes through TypeORM.
 */
export async function queryPrepared<Row extends QueryResultRow>(
  dataSource: DataSource,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  const pool = (dataSource.driver as PostgresDriver).master as Pool;
  return (await pool.query<Row>({ ...statement, values })).rows;
}
