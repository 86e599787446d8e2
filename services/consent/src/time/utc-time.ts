/**
 * A moment as people read it anywhere: `2026-11-22 12:05` (to the minute, as texts give it) or `2026-11-22 12:05:09`
 * (to the second, as the certificate gives it). Always UTC, so the reader's own zone cannot change what it says; the
 * caller says "UTC" beside it.
 */
export function utcTime(at: Date | string, to: 'minute' | 'second'): string {
  return new Date(at)
    .toISOString()
    .slice(0, to === 'minute' ? 16 : 19)
    .replace('T', ' ');
}
