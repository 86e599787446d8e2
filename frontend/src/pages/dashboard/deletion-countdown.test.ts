import { describe, expect, it } from 'vitest';
import { daysUntilDeletion, formatDays } from '@/pages/dashboard/deletion-countdown';

const now = Date.parse('2025-03-01T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const at = (msFromNow: number) => new Date(now + msFromNow).toISOString();

describe('daysUntilDeletion', () => {
  it('is null without a date, for a past date, for now, and for garbage', () => {
    expect(daysUntilDeletion(null, now)).toBeNull();
    expect(daysUntilDeletion(undefined, now)).toBeNull();
    expect(daysUntilDeletion(at(-HOUR), now)).toBeNull();
    expect(daysUntilDeletion(at(0), now)).toBeNull();
    expect(daysUntilDeletion('not a date', now)).toBeNull();
  });

  it('rounds partial days up', () => {
    expect(daysUntilDeletion(at(1000), now)).toBe(1);
    expect(daysUntilDeletion(at(23 * HOUR), now)).toBe(1);
    expect(daysUntilDeletion(at(24 * HOUR), now)).toBe(1);
    expect(daysUntilDeletion(at(24 * HOUR + 1), now)).toBe(2);
    expect(daysUntilDeletion(at(6.5 * 24 * HOUR), now)).toBe(7);
  });
});

describe('formatDays', () => {
  it("uses the singular 'day' only for 1", () => {
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(2)).toBe('2 days');
    expect(formatDays(30)).toBe('30 days');
  });
});
