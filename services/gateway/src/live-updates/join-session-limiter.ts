import { RedisConnection } from '@app/redis';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { consumeOrThrow } from '../http/rate-limit';

const REASON = 'Too many attempts to follow a consent session.';

/**
 * Joins of a session's room cost a token check each, so they are counted in Redis (across gateway instances) per
 * socket and per address: plenty for a phone that reconnects, a ceiling for a socket guessing tokens.
 */
@Injectable()
export class JoinSessionLimiter {
  private readonly perSocket: RateLimiterRedis;
  private readonly perIp: RateLimiterRedis;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, redis: RedisConnection) {
    // The connection puts REDIS_PREFIX before these keys' own prefixes.
    const base = { storeClient: redis.client, useRedisPackage: false, duration: 60 } as const;
    this.perSocket = new RateLimiterRedis({
      ...base,
      keyPrefix: 'live-join-socket',
      points: config.LIVE_JOINS_PER_SOCKET_PER_MINUTE,
    });
    this.perIp = new RateLimiterRedis({
      ...base,
      keyPrefix: 'live-join-ip',
      points: config.LIVE_JOINS_PER_IP_PER_MINUTE,
    });
  }

  /** Takes a point from both counters; a 429 `TooManyRequestsException` when either is used up. */
  async consume(socketId: string, ip: string): Promise<void> {
    await Promise.all([consumeOrThrow(this.perSocket, socketId, REASON), consumeOrThrow(this.perIp, ip, REASON)]);
  }
}
