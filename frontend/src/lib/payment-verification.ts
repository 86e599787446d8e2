import type { VerifyPaymentResponse } from '@app/contracts';

export type VerificationOutcome = 'active' | 'timeout' | 'cancelled';

interface PollOptions {
  verify: () => Promise<VerifyPaymentResponse>;
  maxAttempts: number;
  intervalMs: number;
  /** Lets the caller stop polling (e.g. when the page unmounts). */
  isCancelled: () => boolean;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks the server up to `maxAttempts` times, `intervalMs` apart, whether the subscription is active.
 * A failed request ends the polling by rejecting; the caller shows its error.
 */
export async function pollUntilActive({
  verify,
  maxAttempts,
  intervalMs,
  isCancelled,
  sleep = defaultSleep,
}: PollOptions): Promise<VerificationOutcome> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (isCancelled()) return 'cancelled';
    const { subscriptionStatus } = await verify();
    if (subscriptionStatus === 'active') return 'active';
    if (attempt < maxAttempts) await sleep(intervalMs);
  }
  return isCancelled() ? 'cancelled' : 'timeout';
}
