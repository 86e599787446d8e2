import { describe, expect, it } from 'vitest';
import { testSession } from '@/test/consent-session';
import { memberPollInterval } from './use-member-session';

describe('memberPollInterval', () => {
  const now = Date.parse('2026-11-26T12:00:00.000Z');
  const waiting = testSession({
    aiVerdict: null,
    consentStatus: 'pending',
    expired: false,
    expiresAt: '2026-11-26T12:10:00.000Z',
  });

  it('polls every 2 s while the session waits or is analysed and the socket is down', () => {
    expect(memberPollInterval(waiting, false, now)).toBe(2_000);
    expect(memberPollInterval({ ...waiting, aiVerdict: 'processing' }, false, now)).toBe(2_000);
  });

  it('with the socket up, reads a waiting session once more just after it runs out of time, and nothing else', () => {
    expect(memberPollInterval(waiting, true, now)).toBe(10 * 60_000 + 2_000);
    expect(memberPollInterval({ ...waiting, aiVerdict: 'processing' }, true, now)).toBe(false);
    // Never longer than a timer can wait (a longer delay would fire at once).
    expect(memberPollInterval({ ...waiting, expiresAt: '2030-01-01T00:30:00.000Z' }, true, now)).toBe(2 ** 31 - 1);
  });

  it('with the socket up and the time passed (a clock ahead of the server), reads every 2 s until the server says expired', () => {
    expect(memberPollInterval(waiting, true, Date.parse('2026-11-26T12:10:05.000Z'))).toBe(2_000);
    expect(memberPollInterval({ ...waiting, expired: true }, true, now)).toBe(false);
  });

  it('stops once the session is settled, and before it is read', () => {
    expect(memberPollInterval({ ...waiting, aiVerdict: 'granted', consentStatus: 'granted' }, false, now)).toBe(false);
    expect(memberPollInterval(undefined, false, now)).toBe(false);
  });
});
