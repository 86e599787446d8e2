import type { ReadinessChecks } from '@app/http';
import type { RedisConnection } from '@app/redis';
import type { Worker } from 'bullmq';

/**
 * What the media worker's `/readyz` asks: Redis answers, the live takes' Redis too where it hears takes (`liveRedis`,
 * absent where LIVE_TAKES is 0), and the worker consumes (started, not closing). `worker` is read at each probe, as
 * the worker is created once the application has started.
 */
export function workerReadiness(
  redis: RedisConnection,
  worker: () => Worker | undefined,
  liveRedis?: RedisConnection,
): ReadinessChecks {
  return {
    redis: () => redis.client.ping(),
    ...(liveRedis && { liveRedis: () => liveRedis.client.ping() }),
    worker: async () => {
      const current = worker();
      if (!current?.isRunning() || current.closing) throw new Error('not consuming');
    },
  };
}
