import { RedisConnection } from '@app/redis';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { consumeOrThrow } from '../http/rate-limit';

/** Public verifications per address and hour: enough for a person checking their files, a ceiling for hash probing. */
@Injectable()
export class VerificationLimiter {
  private readonly perIp: RateLimiterRedis;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, redis: RedisConnection) {
    this.perIp = new RateLimiterRedis({
      storeClient: redis.client,
      useRedisPackage: false,
      keyPrefix: 'verify-ip',
      points: config.VERIFICATIONS_PER_IP_PER_HOUR,
      duration: 3600,
    });
  }

  consume(ip: string): Promise<void> {
    return consumeOrThrow(this.perIp, ip, 'Too many verifications from this address.');
  }
}
