import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { TooManyRequestsException } from '../http/too-many-requests.exception';
import { RedisConnection } from '../redis/redis.provider';

/**
 * Counts failed sign-ins per IP and per account in Redis, so the limit holds across gateway instances.
 * Only failures count; a success clears the account's counter.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly perIp: RateLimiterRedis;
  private readonly perAccount: RateLimiterRedis;
  private readonly registrations: RateLimiterRedis;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, redis: RedisConnection) {
    const base = { storeClient: redis.client, useRedisPackage: false } as const;
    const duration = config.LOGIN_FAILURE_WINDOW_SECONDS;
    this.perIp = new RateLimiterRedis({ ...base, keyPrefix: `${config.REDIS_PREFIX}login-fail-ip`, points: config.LOGIN_MAX_FAILURES_PER_IP, duration });
    this.perAccount = new RateLimiterRedis({ ...base, keyPrefix: `${config.REDIS_PREFIX}login-fail-account`, points: config.LOGIN_MAX_FAILURES_PER_ACCOUNT, duration });
    this.registrations = new RateLimiterRedis({ ...base, keyPrefix: `${config.REDIS_PREFIX}register-ip`, points: config.REGISTRATIONS_PER_IP_PER_HOUR, duration: 3600 });
  }

  /** Throws 429 when either counter is exhausted, before the password is even checked. */
  async assertLoginAllowed(ip: string, email: string): Promise<void> {
    const [byIp, byAccount] = await Promise.all([this.perIp.get(ip), this.perAccount.get(email)]);
    const blocked = [
      { state: byIp, limit: this.perIp.points },
      { state: byAccount, limit: this.perAccount.points },
    ].filter(({ state, limit }) => state !== null && state.consumedPoints >= limit);
    if (blocked.length === 0) return;
    const waitMs = Math.max(...blocked.map(({ state }) => (state as RateLimiterRes).msBeforeNext));
    throw tooMany(waitMs, 'Too many failed sign-in attempts.');
  }

  async recordFailure(ip: string, email: string): Promise<void> {
    await Promise.all([this.perIp.penalty(ip, 1), this.perAccount.penalty(email, 1)]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.perAccount.delete(email);
  }

  async consumeRegistration(ip: string): Promise<void> {
    try {
      await this.registrations.consume(ip);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooMany(rejection.msBeforeNext, 'Too many accounts created from this address.');
      throw rejection;
    }
  }
}

function tooMany(waitMs: number, reason: string): TooManyRequestsException {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new TooManyRequestsException(seconds, `${reason} Try again in ${when}.`);
}
