/** "2026-11-22 12:00:05 UTC": support compares times across logs and time zones, so to the second and in UTC. */
export function formatUtc(iso: string | null): string {
  if (!iso) return '-';
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** An audit row's details as `key: value` pairs, in the order they were written. */
export function formatDetails(details: Record<string, string | number | boolean | null>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}
