import { describe, expect, it, vi } from 'vitest';
import { pollUntilActive } from '@/lib/payment-verification';

const noSleep = vi.fn(async () => {});

function verifier(statuses: string[]) {
  return vi.fn(async () => ({ subscriptionStatus: statuses.shift() ?? 'inactive' }));
}

describe('pollUntilActive', () => {
  it('stops as soon as the subscription is active', async () => {
    const verify = verifier(['inactive', 'inactive', 'active']);
    const sleep = vi.fn(async () => {});
    const outcome = await pollUntilActive({
      verify,
      maxAttempts: 12,
      intervalMs: 5000,
      isCancelled: () => false,
      sleep,
    });
    expect(outcome).toBe('active');
    expect(verify).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(5000);
  });

  it('gives up after the maximum number of tries', async () => {
    const verify = verifier([]);
    const outcome = await pollUntilActive({
      verify,
      maxAttempts: 12,
      intervalMs: 5000,
      isCancelled: () => false,
      sleep: noSleep,
    });
    expect(outcome).toBe('timeout');
    expect(verify).toHaveBeenCalledTimes(12);
  });

  it('rejects when a request fails', async () => {
    const verify = vi.fn(async () => {
      throw new Error('401: Unauthorized');
    });
    await expect(
      pollUntilActive({ verify, maxAttempts: 12, intervalMs: 5000, isCancelled: () => false, sleep: noSleep }),
    ).rejects.toThrow('401: Unauthorized');
  });

  it('stops when cancelled', async () => {
    let cancelled = false;
    const verify = vi.fn(async () => {
      cancelled = true;
      return { subscriptionStatus: 'inactive' };
    });
    const outcome = await pollUntilActive({
      verify,
      maxAttempts: 12,
      intervalMs: 5000,
      isCancelled: () => cancelled,
      sleep: noSleep,
    });
    expect(outcome).toBe('cancelled');
    expect(verify).toHaveBeenCalledTimes(1);
  });
});
