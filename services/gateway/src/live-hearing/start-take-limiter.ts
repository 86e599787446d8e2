import { RedisConnection } from '@app/redis';
import { Injectable } from '@nestjs/common';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { consumeOrThrow } from '../http/rate-limit';

const REASON = 'Too many live takes started.';

/**
 * A take start costs a read of the session through the consent service, so starts are counted in Redis (across
 * gateway instances) per socket and per address, as `join-session` is: a partner starting take after take in a
 * minute stays well under, a socket hammering the consent service does not.
 */
export const LIVE_TAKE_STARTS_PER_MINUTE = { perSocket: 20, perIp: 120 } as const;

@Injectable()
export class StartTakeLimiter {
  private readonly perSocket: RateLimiterRedis;
  private readonly perIp: RateLimiterRedis;

  constructor(redis: RedisConnection) {
    // The connection puts REDIS_PREFIX before these keys' own prefixes.
    const base = { storeClient: redis.client, useRedisPackage: false, duration: 60 } as const;
    this.perSocket = new RateLimiterRedis({
      ...base,
      keyPrefix: 'live-take-socket',
      points: LIVE_TAKE_STARTS_PER_MINUTE.perSocket,
    });
    this.perIp = new RateLimiterRedis({
      ...base,
      keyPrefix: 'live-take-ip',
      points: LIVE_TAKE_STARTS_PER_MINUTE.perIp,
    });
  }

  /** Takes a point from both counters; a 429 `TooManyRequestsException` when either is used up. */
  async consume(socketId: string, ip: string): Promise<void> {
    await Promise.all([consumeOrThrow(this.perSocket, socketId, REASON), consumeOrThrow(this.perIp, ip, REASON)]);
  }
}
