import { RedisConnection } from '@app/redis';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { consumeOrThrow } from '../http/rate-limit';

/**
 * Per member and hour: checkouts started (each one creates a session at the provider) and test-card payments tried
 * (a card-guessing script on the test checkout). Counted in Redis, so the limits hold across gateway instances.
 */
@Injectable()
export class BillingLimiter {
  private readonly checkouts: RateLimiterRedis;
  private readonly testPayments: RateLimiterRedis;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, redis: RedisConnection) {
    const perHour = (keyPrefix: string, points: number) =>
      new RateLimiterRedis({ storeClient: redis.client, useRedisPackage: false, keyPrefix, points, duration: 3600 });
    this.checkouts = perHour('checkouts', config.CHECKOUTS_PER_MEMBER_PER_HOUR);
    this.testPayments = perHour('test-payments', config.TEST_PAYMENTS_PER_MEMBER_PER_HOUR);
  }

  checkout(userId: string): Promise<void> {
    return consumeOrThrow(this.checkouts, userId, 'Too many checkouts started.');
  }

  testPayment(userId: string): Promise<void> {
    return consumeOrThrow(this.testPayments, userId, 'Too many payment attempts.');
  }
}
