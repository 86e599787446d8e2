import { act } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { FakeLiveSocket } from '@/test/fake-live-socket';

/** Advances the fake timers by `ms`, letting React apply what they start. */
export const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** With no live socket the page polls at the spec's 2 s: at least two more reads in 4 s. */
export async function expectPolling(reads: () => number): Promise<void> {
  const before = reads();
  await advance(4_000);
  expect(reads()).toBeGreaterThanOrEqual(before + 2);
}

/**
 * From a socket that has just connected (or joined): at most one more read (one may have been in flight), then none
 * while it stays up; once it drops the polling resumes; then it connects again. Answers the reads counted just after.
 */
export async function expectQuietWhileConnected(live: FakeLiveSocket, reads: () => number): Promise<number> {
  const connected = reads();
  await advance(10_000);
  expect(reads()).toBeLessThanOrEqual(connected + 1);
  const quiet = reads();
  await advance(10_000);
  expect(reads()).toBe(quiet);

  act(() => live.drop());
  await expectPolling(reads);
  act(() => live.fire('connect'));
  await advance(100);
  return reads();
}
