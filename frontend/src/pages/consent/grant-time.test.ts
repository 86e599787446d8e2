import { describe, expect, it } from 'vitest';
import { formatGrantTime } from '@/pages/consent/grant-time';

describe('formatGrantTime', () => {
  it('formats in the given locale', () => {
    const iso = '2025-03-01T21:05:00Z';
    expect(formatGrantTime(iso, 'en-US')).toBe(
      new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(formatGrantTime(iso, 'en-US')).toMatch(/Mar 1, 2025|Mar 2, 2025/);
  });

  it('is null without a valid time', () => {
    expect(formatGrantTime(null)).toBeNull();
    expect(formatGrantTime('not a time')).toBeNull();
  });
});
