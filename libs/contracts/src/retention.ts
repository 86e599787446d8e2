/**
 * The retention schedule, its one configuration (zod-free: the web app imports it). A member's records are kept while
 * their subscription is active. Once it lapses (a renewal fails, or it ends), each record is kept for its session's
 * `deleteAfterDays` more days, then deleted; the account goes with the longest-kept record, RETENTION_DAYS after the
 * lapse. Paying again before then stops the clock. Billing dates the account's deletion with it (the dashboard counts
 * down to that date), the scheduled job finds what is due with it, and the web app's privacy page states it.
 */

/** The `deleteAfterDays` the app sends with every session (spec section 9), and the most a session may ask for. */
export const RETENTION_DAYS = 90;
/** The fewest days a session may ask for. */
export const MIN_RETENTION_DAYS = 1;

const DAY_MS = 24 * 60 * 60 * 1000;

const plusDays = (moment: Date, days: number) => new Date(moment.getTime() + days * DAY_MS);

/** When a record is due for deletion: its session's `deleteAfterDays` after the member's subscription lapsed. */
export function recordDueAt(lapsedAt: Date, deleteAfterDays: number): Date {
  return plusDays(lapsedAt, deleteAfterDays);
}

export function isRecordDue(lapsedAt: Date, deleteAfterDays: number, now: Date): boolean {
  return recordDueAt(lapsedAt, deleteAfterDays).getTime() <= now.getTime();
}

/** When the account is due: with the longest a record can be kept, so no record outlives it. */
export function accountDueAt(lapsedAt: Date): Date {
  return recordDueAt(lapsedAt, RETENTION_DAYS);
}

/** The lapse an account's deletion date was set from (`accountDueAt` undone): the gateway keeps only that date. */
export function lapseOf(accountDeletionDate: Date): Date {
  return plusDays(accountDeletionDate, -RETENTION_DAYS);
}

/**
 * The latest account deletion date whose member can have a record due at `now` (lapsed at least MIN_RETENTION_DAYS
 * ago), so the job asks about no member who cannot.
 */
export function latestDeletionDateWithRecordsDue(now: Date): Date {
  return accountDueAt(plusDays(now, -MIN_RETENTION_DAYS));
}

/** The dashboard's countdown (spec section 9): whole days until the deletion date, rounded up; null once it passed. */
export function daysUntilDeletion(
  accountDeletionDate: string | null | undefined,
  now: number = Date.now(),
): number | null {
  if (!accountDeletionDate) return null;
  const remaining = new Date(accountDeletionDate).getTime() - now;
  if (!Number.isFinite(remaining) || remaining <= 0) return null;
  return Math.ceil(remaining / DAY_MS);
}
