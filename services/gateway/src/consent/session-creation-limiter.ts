import { RedisConnection } from '@app/redis';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { consumeOrThrow } from '../http/rate-limit';

/** Consent sessions a member may start per hour: generous for real use, a ceiling for a stuck client or a script. */
@Injectable()
export class SessionCreationLimiter {
  private readonly perMember: RateLimiterRedis;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, redis: RedisConnection) {
    this.perMember = new RateLimiterRedis({
      storeClient: redis.client,
      useRedisPackage: false,
      keyPrefix: 'consent-sessions',
      points: config.SESSIONS_PER_MEMBER_PER_HOUR,
      duration: 3600,
    });
  }

  consume(userId: string): Promise<void> {
    return consumeOrThrow(this.perMember, userId, 'Too many consent sessions started.');
  }
}
