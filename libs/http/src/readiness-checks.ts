import { RedisConnection } from '@app/redis';
import type { Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** What `/readyz` asks, by name: each check resolves when its store answers. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/** The checks of a service with a database and Redis: Postgres through its DataSource, Redis through its shared connection. */
export const postgresAndRedisReadiness: Provider<ReadinessChecks> = {
  provide: READINESS_CHECKS,
  inject: [DataSource, RedisConnection],
  useFactory: (dataSource: DataSource, redis: RedisConnection): ReadinessChecks => ({
    postgres: () => dataSource.query('SELECT 1'),
    redis: () => redis.client.ping(),
  }),
};
