import type { InjectionToken, OnApplicationShutdown, Provider } from '@nestjs/common';
import Redis from 'ioredis';

export interface RedisConfig {
  REDIS_URL: string;
  /** Lets several deployments (or test files) share one Redis. */
  REDIS_PREFIX: string;
}

/**
 * The live takes' connection (`@Inject(LIVE_REDIS) redis: RedisConnection`), to LIVE_REDIS_URL: a Redis that keeps
 * nothing on disk, as the takes' audio must not reach the queues' append-only file.
 */
export const LIVE_REDIS = Symbol('LIVE_REDIS');

/**
 * A service's Redis connection (and the live takes' own, `LIVE_REDIS`). Every key carries REDIS_PREFIX through
 * ioredis's keyPrefix, which also prefixes the KEYS of scripts and custom commands (rate-limiter-flexible's), so
 * callers never add it by hand.
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

  /** The Nest provider, built from the service's validated config when the module starts; closed as it stops. */
  static provider(config: RedisConfig, provide: InjectionToken = RedisConnection): Provider<RedisConnection> {
    return { provide, useFactory: () => new RedisConnection(config) };
  }

  /** The `LIVE_REDIS` provider: LIVE_REDIS_URL, under the same REDIS_PREFIX. */
  static liveProvider(config: { LIVE_REDIS_URL: string; REDIS_PREFIX: string }): Provider<RedisConnection> {
    return RedisConnection.provider(
      { REDIS_URL: config.LIVE_REDIS_URL, REDIS_PREFIX: config.REDIS_PREFIX },
      LIVE_REDIS,
    );
  }

  /** Idempotent, as closing the application twice (a test stopping a service early) calls it twice. */
  async onApplicationShutdown(): Promise<void> {
    this.closing ??= this.client.quit();
    await this.closing;
  }
}
