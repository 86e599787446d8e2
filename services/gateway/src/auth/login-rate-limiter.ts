import { RedisConnection } from '@app/redis';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { consumeOrThrow } from '../http/rate-limit';

/**
 * Counts failed sign-ins per IP and per account from that IP in Redis, so the limit holds across gateway instances.
 * The account's counter is keyed by the address too: a guesser elsewhere slows only themselves down and can never
 * lock the owner out. Only failures keep their point; a success clears the account's counter for that address.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly perIp: RateLimiterRedis;
  private readonly perAccountFromIp: RateLimiterRedis;
  private readonly registrations: RateLimiterRedis;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, redis: RedisConnection) {
    // The connection puts REDIS_PREFIX before these keys' own prefixes.
    const base = { storeClient: redis.client, useRedisPackage: false } as const;
    const duration = config.LOGIN_FAILURE_WINDOW_SECONDS;
    this.perIp = new RateLimiterRedis({
      ...base,
      keyPrefix: 'login-fail-ip',
      points: config.LOGIN_MAX_FAILURES_PER_IP,
      duration,
    });
    this.perAccountFromIp = new RateLimiterRedis({
      ...base,
      keyPrefix: 'login-fail-account-ip',
      points: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      duration,
    });
    this.registrations = new RateLimiterRedis({
      ...base,
      keyPrefix: 'register-ip',
      points: config.REGISTRATIONS_PER_IP_PER_HOUR,
      duration: 3600,
    });
  }

  /**
   * Takes one point from both counters before the password is checked, so parallel guesses cannot all slip past
   * the limit; throws 429 when either is exhausted. A successful sign-in gives its point back.
   */
  async beginAttempt(ip: string, email: string): Promise<void> {
    await Promise.all([
      consumeOrThrow(this.perIp, ip, FAILED_LOGINS),
      consumeOrThrow(this.perAccountFromIp, accountFromIp(ip, email), FAILED_LOGINS),
    ]);
  }

  async attemptSucceeded(ip: string, email: string): Promise<void> {
    await Promise.all([this.perIp.reward(ip, 1), this.perAccountFromIp.delete(accountFromIp(ip, email))]);
  }

  async consumeRegistration(ip: string): Promise<void> {
    await consumeOrThrow(this.registrations, ip, 'Too many accounts created from this address.');
  }
}

const FAILED_LOGINS = 'Too many failed sign-in attempts.';

// A validated e-mail holds no space, so the pair cannot be confused with another.
const accountFromIp = (ip: string, email: string) => `${ip} ${email}`;
