import { utcTime } from './utc-time';

describe('utcTime', () => {
  it('writes the moment in UTC, to the minute or to the second, from a date or its ISO form', () => {
    const at = new Date('2026-11-22T12:05:09.731Z');
    expect(utcTime(at, 'minute')).toBe('2026-11-22 12:05');
    expect(utcTime(at, 'second')).toBe('2026-11-22 12:05:09');
    expect(utcTime('2026-01-02T23:59:59.999+00:00', 'second')).toBe('2026-01-02 23:59:59');
    // An offset is turned into UTC, never printed as the local clock.
    expect(utcTime('2026-01-03T01:30:00+02:00', 'minute')).toBe('2026-01-02 23:30');
  });
});
