import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '@/lib/date-time';

describe('the one date format', () => {
  it("shows a time as 'Nov 28, 2026, 4:08 AM' and its day as 'Nov 28, 2026', in the viewer's time zone", () => {
    const iso = '2026-11-28T04:08:00.000Z';
    const hour = new Date(iso).toLocaleString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(formatDateTime(iso)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
    expect(formatDateTime(iso)).toContain(hour);
    expect(formatDate(iso)).toMatch(/^Nov (27|28), 2026$/);
    expect(formatDateTime(iso)!.startsWith(`${formatDate(iso)}, `)).toBe(true);
  });

  it('gives no time without a valid one', () => {
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime('not a time')).toBeNull();
  });
});
