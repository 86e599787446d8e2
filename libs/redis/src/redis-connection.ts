import type { OnApplicationShutdown, Provider } from '@nestjs/common';
import Redis from 'ioredis';

export interface RedisConfig {
  REDIS_URL: string;
  /** Lets several deployments (or test files) share one Redis. */
  REDIS_PREFIX: string;
}

/**
 * A service's one Redis connection. Every key carries REDIS_PREFIX through ioredis's keyPrefix, which also prefixes
 * the KEYS of scripts and custom commands (rate-limiter-flexible's), so callers never add it by hand.
 */
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis;
  private closing?: Promise<unknown>;

  constructor(config: RedisConfig) {
    // Auto-pipelining: the commands of concurrent requests (the gateway's polls read the session's view in Redis)
    // leave in one socket write per turn of the event loop instead of one each; a write is a system call.
    this.client = new Redis(config.REDIS_URL, {
      keyPrefix: config.REDIS_PREFIX,
      maxRetriesPerRequest: 2,
      enableAutoPipelining: true,
    });
  }

  /** The Nest provider, built from the service's validated config when the module starts. */
  static provider(config: RedisConfig): Provider<RedisConnection> {
    return { provide: RedisConnection, useFactory: () => new RedisConnection(config) };
  }

  /** Idempotent, as closing the application twice (a test stopping a service early) calls it twice. */
  async onApplicationShutdown(): Promise<void> {
    this.closing ??= this.client.quit();
    await this.closing;
  }
}
