import {
  answeredBeforeSafetyCheck,
  awaitsAnalysisOf,
  awaitsRetake,
  decidingValue,
  isExpired,
  offersRetake,
  pendingRetakeUntil,
  readStableUntil,
  retakeDeadline,
  retakeLapsed,
  SessionState,
  submissionRefusal,
  verdictChanges,
} from './session-rules';

const now = new Date('2026-11-22T12:00:00Z');
const open = (overrides: Partial<SessionState> = {}): SessionState => ({
  consentStatus: 'pending',
  aiVerdict: null,
  expiresAt: new Date(now.getTime() + 60_000),
  retakeUntil: null,
  ...overrides,
});
const later = new Date(now.getTime() + 1);
/** Waiting for a retake until one millisecond from now; the session lapsed long ago had nobody answered. */
const retaking = open({ aiVerdict: 'processing', retakeUntil: later, expiresAt: new Date(0) });

describe('session rules', () => {
  it('reads alike until the next deadline ahead: the lapse or the end of a retake window', () => {
    const lapse = new Date(now.getTime() + 60_000);
    expect(readStableUntil(open(), now)).toEqual(lapse);
    expect(readStableUntil(open({ retakeUntil: later }), now)).toEqual(later);
    expect(readStableUntil(retaking, now)).toEqual(later);
    expect(readStableUntil(retaking, later)).toBeNull();
    expect(
      readStableUntil(open({ consentStatus: 'granted', aiVerdict: 'granted', expiresAt: new Date(0) }), now),
    ).toBeNull();
  });

  it('changes a read only at those deadlines: just before each, the answer is the one read now', () => {
    for (const state of [
      open(),
      retaking,
      open({ aiVerdict: 'processing', retakeUntil: new Date(now.getTime() + 5_000) }),
    ]) {
      const until = readStableUntil(state, now)!;
      const justBefore = new Date(until.getTime() - 1);
      expect([isExpired(state, justBefore), awaitsRetake(state, justBefore)]).toEqual([
        isExpired(state, now),
        awaitsRetake(state, now),
      ]);
      expect([isExpired(state, until), awaitsRetake(state, until)]).not.toEqual([
        isExpired(state, now),
        awaitsRetake(state, now),
      ]);
    }
  });

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

  it('takes an answer again while a retake is offered, and none once its window has passed', () => {
    expect(submissionRefusal(retaking, now)).toBeNull();
    expect(submissionRefusal(retaking, later)).toBe('already_submitted');
    expect(submissionRefusal(open({ aiVerdict: 'denied', consentStatus: 'denied', retakeUntil: null }), now)).toBe(
      'already_submitted',
    );
  });

  it('only a granted outcome grants and is timed; unclear shows as denied; a failure decides nothing; each ends a retake window', () => {
    expect(verdictChanges('granted', open(), now)).toEqual({
      aiVerdict: 'granted',
      consentStatus: 'granted',
      consentGrantedTime: now,
      retakeUntil: null,
    });
    expect(verdictChanges('denied', open(), now)).toEqual({
      aiVerdict: 'denied',
      consentStatus: 'denied',
      consentGrantedTime: null,
      retakeUntil: null,
    });
    expect(verdictChanges('unclear', open(), now)).toEqual({
      aiVerdict: 'denied',
      consentStatus: 'denied',
      consentGrantedTime: null,
      retakeUntil: null,
    });
    expect(verdictChanges('failed', open(), now)).toEqual({
      aiVerdict: 'failed',
      consentStatus: 'pending',
      consentGrantedTime: null,
      retakeUntil: null,
    });
  });

  it('an analysis may store its outcome only while the session waits for that recording, never while awaiting a retake', () => {
    expect(awaitsAnalysisOf({ aiVerdict: 'processing', retakeUntil: null, videoAssetId: 'a1' }, 'a1')).toBe(true);
    expect(awaitsAnalysisOf({ aiVerdict: 'processing', retakeUntil: null, videoAssetId: 'a2' }, 'a1')).toBe(false);
    expect(awaitsAnalysisOf({ aiVerdict: 'processing', retakeUntil: later, videoAssetId: 'a1' }, 'a1')).toBe(false);
    expect(awaitsAnalysisOf({ aiVerdict: 'granted', retakeUntil: null, videoAssetId: 'a1' }, 'a1')).toBe(false);
    expect(awaitsAnalysisOf({ aiVerdict: 'failed', retakeUntil: null, videoAssetId: 'a1' }, 'a1')).toBe(false);
  });

  it('offers a retake only for an unclear outcome before the last of the 3 attempts: anything else is final at once', () => {
    expect(offersRetake('unclear', 1)).toBe(true);
    expect(offersRetake('unclear', 2)).toBe(true);
    expect(offersRetake('unclear', 3)).toBe(false);
    for (const outcome of ['granted', 'denied', 'failed'] as const) expect(offersRetake(outcome, 1)).toBe(false);
  });

  it('awaits a retake until its window closes, then it has lapsed; neither before one is offered nor after a verdict', () => {
    expect(retakeDeadline(now, 10)).toEqual(new Date('2026-11-22T12:10:00Z'));
    expect([awaitsRetake(retaking, now), retakeLapsed(retaking, now)]).toEqual([true, false]);
    expect([awaitsRetake(retaking, later), retakeLapsed(retaking, later)]).toEqual([false, true]);
    expect([
      awaitsRetake(open({ aiVerdict: 'processing' }), now),
      retakeLapsed(open({ aiVerdict: 'processing' }), later),
    ]).toEqual([false, false]);
    const decided = open({ aiVerdict: 'denied', consentStatus: 'denied', retakeUntil: new Date(0) });
    expect([awaitsRetake(decided, now), retakeLapsed(decided, now)]).toEqual([false, false]);
    expect(isExpired(retaking, later)).toBe(false);
  });

  it('tells until when a retake may be made while one is awaited, past its deadline too until the lapse is closed, never after a verdict', () => {
    expect(pendingRetakeUntil(retaking)).toEqual(retaking.retakeUntil);
    expect(pendingRetakeUntil(open({ aiVerdict: 'processing' }))).toBeNull();
    expect(
      pendingRetakeUntil(open({ aiVerdict: 'denied', consentStatus: 'denied', retakeUntil: new Date(0) })),
    ).toBeNull();
  });
});

describe('answeredBeforeSafetyCheck', () => {
  it('is false before the partner answered, true after a Yes or a No', () => {
    expect(answeredBeforeSafetyCheck({ recipientDecision: null })).toBe(false);
    expect(answeredBeforeSafetyCheck({ recipientDecision: 'yes' })).toBe(true);
    expect(answeredBeforeSafetyCheck({ recipientDecision: 'no' })).toBe(true);
  });
});
