import { describe, expect, it } from 'vitest';
import { formatDetails, formatUtc } from './support-format';

describe('formatUtc', () => {
  it('shows an ISO time to the second, in UTC', () => {
    expect(formatUtc('2026-11-22T12:00:05.123Z')).toBe('2026-11-22 12:00:05 UTC');
  });

  it('shows a missing time as a dash', () => {
    expect(formatUtc(null)).toBe('-');
  });
});

describe('formatDetails', () => {
  it('lists the details as key: value pairs', () => {
    expect(formatDetails({ decision: 'yes', withRecording: true, size: 1234, from: null })).toBe(
      'decision: yes, withRecording: true, size: 1234, from: null',
    );
  });
});
