/**
 * The one way the web app shows a time ('Nov 28, 2026, 4:08 AM') and a day ('Nov 28, 2026'): US English like the
 * rest of its words, in the viewer's time zone. Tiny on purpose: the partner's page imports it.
 */
const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, timeStyle: 'short' };

/** 'Nov 28, 2026, 4:08 AM'; null without a valid time. */
export function formatDateTime(iso: string | null): string | null {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toLocaleString('en-US', DATE_TIME) : null;
}

/** 'Nov 28, 2026', for a day the API always gives (a renewal, a deletion date). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', DATE);
}
