import {
  accountDueAt,
  daysUntilDeletion,
  isRecordDue,
  lapseOf,
  latestDeletionDateWithRecordsDue,
  recordDueAt,
  RETENTION_DAYS,
} from './retention';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const lapsedAt = new Date('2030-01-05T08:00:00.000Z');
const after = (days: number) => new Date(lapsedAt.getTime() + days * DAY);

describe('the retention schedule', () => {
  it('keeps 90 days after the lapse by default', () => {
    expect(RETENTION_DAYS).toBe(90);
    expect(accountDueAt(lapsedAt)).toEqual(new Date('2030-04-05T08:00:00.000Z'));
  });

  it("makes a record due its session's deleteAfterDays after the lapse, not a moment before", () => {
    expect(recordDueAt(lapsedAt, 30)).toEqual(after(30));
    expect(isRecordDue(lapsedAt, 30, new Date(after(30).getTime() - 1))).toBe(false);
    expect(isRecordDue(lapsedAt, 30, after(30))).toBe(true);
    expect(isRecordDue(lapsedAt, 90, after(89))).toBe(false);
    expect(isRecordDue(lapsedAt, 90, after(100))).toBe(true);
  });

  it('deletes the account with the longest-kept record', () => {
    expect(accountDueAt(lapsedAt)).toEqual(recordDueAt(lapsedAt, RETENTION_DAYS));
    expect(isRecordDue(lapsedAt, RETENTION_DAYS, accountDueAt(lapsedAt))).toBe(true);
  });

  it('reads the lapse back from the account deletion date', () => {
    expect(lapseOf(accountDueAt(lapsedAt))).toEqual(lapsedAt);
  });

  it('asks about members who lapsed at least a day ago', () => {
    const now = after(1);
    expect(latestDeletionDateWithRecordsDue(now)).toEqual(accountDueAt(lapsedAt));
    expect(isRecordDue(lapseOf(latestDeletionDateWithRecordsDue(now)), 1, now)).toBe(true);
  });
});

describe('daysUntilDeletion', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');
  const at = (msFromNow: number) => new Date(now + msFromNow).toISOString();

  it('is null without a date, for a past date, for now, and for garbage', () => {
    expect(daysUntilDeletion(null, now)).toBeNull();
    expect(daysUntilDeletion(undefined, now)).toBeNull();
    expect(daysUntilDeletion(at(-HOUR), now)).toBeNull();
    expect(daysUntilDeletion(at(0), now)).toBeNull();
    expect(daysUntilDeletion('not a date', now)).toBeNull();
  });

  it('rounds partial days up', () => {
    expect(daysUntilDeletion(at(1000), now)).toBe(1);
    expect(daysUntilDeletion(at(23 * HOUR), now)).toBe(1);
    expect(daysUntilDeletion(at(24 * HOUR), now)).toBe(1);
    expect(daysUntilDeletion(at(24 * HOUR + 1), now)).toBe(2);
    expect(daysUntilDeletion(at(6.5 * 24 * HOUR), now)).toBe(7);
  });

  it('counts 90 days from a lapse just now', () => {
    expect(daysUntilDeletion(accountDueAt(new Date(now)).toISOString(), now)).toBe(RETENTION_DAYS);
  });
});
