import { TooManyRequestsException } from '@app/http';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** Takes a point for `key`; when none is left, a 429 saying in words when to come back (and Retry-After). */
export async function consumeOrThrow(limiter: RateLimiterRedis, key: string, reason: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw tooMany(rejection.msBeforeNext, reason);
    throw rejection;
  }
}

function tooMany(waitMs: number, reason: string): TooManyRequestsException {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new TooManyRequestsException(seconds, `${reason} Try again in ${when}.`);
}
