import type { QueueWiring } from './job-queue';

/**
 * BullMQ wiring from a service's REDIS_URL and REDIS_PREFIX. BullMQ adds its own ':' after the prefix, so the
 * trailing one of REDIS_PREFIX is dropped: keys still start with REDIS_PREFIX exactly.
 */
export function queueWiringFromUrl(redisUrl: string, redisPrefix: string): QueueWiring {
  const url = new URL(redisUrl);
  const db = url.pathname.replace(/^\//, '');
  return {
    connection: {
      host: url.hostname,
      port: Number(url.port || 6379),
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      db: db ? Number(db) : undefined,
      tls: url.protocol === 'rediss:' ? {} : undefined,
    },
    prefix: redisPrefix.replace(/:$/, ''),
  };
}
