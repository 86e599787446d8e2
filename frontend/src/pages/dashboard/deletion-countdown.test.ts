import { describe, expect, it } from 'vitest';
import { formatDays } from '@/pages/dashboard/deletion-countdown';

describe('formatDays', () => {
  it("uses the singular 'day' only for 1", () => {
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(2)).toBe('2 days');
    expect(formatDays(30)).toBe('30 days');
  });
});
