import { awaitsAnalysisOf, decidingValue, isExpired, submissionRefusal, SessionState, verdictChanges } from './session-rules';

const now = new Date('2026-11-22T12:00:00Z');
const open = (overrides: Partial<SessionState> = {}): SessionState => ({
  consentStatus: 'pending',
  aiVerdict: null,
  expiresAt: new Date(now.getTime() + 60_000),
  ...overrides,
});

describe('session rules', () => {
  it('decides on the AI verdict, falling back to the consent status', () => {
    expect(decidingValue(open())).toBe('pending');
    expect(decidingValue(open({ aiVerdict: 'processing' }))).toBe('processing');
    expect(decidingValue(open({ consentStatus: 'granted', aiVerdict: 'denied' }))).toBe('denied');
  });

  it('an unanswered session expires at its expiry time; an answered one never does', () => {
    const expiresAt = now;
    expect(isExpired(open({ expiresAt: new Date(now.getTime() + 1) }), now)).toBe(false);
    expect(isExpired(open({ expiresAt }), now)).toBe(true);
    expect(isExpired(open({ expiresAt, aiVerdict: 'processing' }), now)).toBe(false);
    expect(isExpired(open({ expiresAt, aiVerdict: 'granted', consentStatus: 'granted' }), now)).toBe(false);
  });

  it('accepts one submission while open and refuses a second or a late one', () => {
    expect(submissionRefusal(open(), now)).toBeNull();
    expect(submissionRefusal(open({ aiVerdict: 'processing' }), now)).toBe('already_submitted');
    expect(submissionRefusal(open({ aiVerdict: 'denied', consentStatus: 'denied' }), now)).toBe('already_submitted');
    expect(submissionRefusal(open({ expiresAt: new Date(now.getTime() - 1) }), now)).toBe('expired');
  });

  it('only a granted outcome grants and is timed; unclear shows as denied; a failure decides nothing', () => {
    expect(verdictChanges('granted', open(), now)).toEqual({ aiVerdict: 'granted', consentStatus: 'granted', consentGrantedTime: now });
    expect(verdictChanges('denied', open(), now)).toEqual({ aiVerdict: 'denied', consentStatus: 'denied', consentGrantedTime: null });
    expect(verdictChanges('unclear', open(), now)).toEqual({ aiVerdict: 'denied', consentStatus: 'denied', consentGrantedTime: null });
    expect(verdictChanges('failed', open(), now)).toEqual({ aiVerdict: 'failed', consentStatus: 'pending', consentGrantedTime: null });
  });

  it('an analysis may store its outcome only while the session waits for that recording', () => {
    expect(awaitsAnalysisOf({ aiVerdict: 'processing', videoAssetId: 'a1' }, 'a1')).toBe(true);
    expect(awaitsAnalysisOf({ aiVerdict: 'processing', videoAssetId: 'a2' }, 'a1')).toBe(false);
    expect(awaitsAnalysisOf({ aiVerdict: 'granted', videoAssetId: 'a1' }, 'a1')).toBe(false);
    expect(awaitsAnalysisOf({ aiVerdict: 'failed', videoAssetId: 'a1' }, 'a1')).toBe(false);
  });
});
