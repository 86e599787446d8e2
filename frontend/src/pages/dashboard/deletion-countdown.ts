const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days (rounded up) until the account deletion date, or null when there is none in the future. */
export function daysUntilDeletion(accountDeletionDate: string | null | undefined, now: number = Date.now()): number | null {
  if (!accountDeletionDate) return null;
  const remaining = new Date(accountDeletionDate).getTime() - now;
  if (!Number.isFinite(remaining) || remaining <= 0) return null;
  return Math.ceil(remaining / DAY_MS);
}

/** "1 day", "3 days". */
export function formatDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
