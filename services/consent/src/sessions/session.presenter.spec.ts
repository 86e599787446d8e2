import type { ConsentSession } from '../session-records/consent-session.entity';
import { maskPhone, presentCheck, presentDeniedBecause, presentSession, showsWhatWasHeard } from './session.presenter';

const now = new Date('2026-11-22T12:00:00Z');

function stored(overrides: Partial<ConsentSession> = {}): ConsentSession {
  return {
    id: '0b8e8f52-3d2a-4a5e-9f7c-1c2d3e4f5a6b',
    qrCodeId: 'ciq-mx-abc123defg',
    initiatorUserId: '6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f',
    initiatorFullName: 'Alex Doe',
    initiatorPictureUrl: '/api/media/profile-pictures/abc.webp',
    initiatorPhone: '+1 555 000 1122',
    recipientTokenHash: Buffer.alloc(32),
    verifiedOver18: false,
    recipientFullName: null,
    recipientPhone: null,
    consentStatus: 'pending',
    aiVerdict: null,
    recipientDecision: null,
    videoAssetId: null,
    attempts: 0,
    retakeUntil: null,
    safetyStoppedAt: null,
    consentGrantedTime: null,
    verificationTextSentAt: null,
    withdrawnAt: null,
    recordingDeletedAt: null,
    deleteAfterDays: 90,
    expiresAt: new Date('2026-11-22T12:30:00Z'),
    createdAt: new Date('2026-11-22T12:00:00Z'),
    updatedAt: new Date('2026-11-22T12:00:00Z'),
    ...overrides,
  } as ConsentSession;
}

describe('maskPhone', () => {
  it.each([
    [null, null],
    ['+1 555 123 4567', '••••••67'],
    ['(555) 123-45-89', '••••••89'],
    ['7', '••••••7'],
    ['no digits', '••••••'],
  ])('masks %j as %j', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});

describe('presentSession', () => {
  it('answers exactly the documented fields, the initiator nested, dates as ISO strings', () => {
    expect(presentSession(stored(), now)).toEqual({
      id: '0b8e8f52-3d2a-4a5e-9f7c-1c2d3e4f5a6b',
      phoneVerifiedAt: null,
      qrCodeId: 'ciq-mx-abc123defg',
      initiatorUserId: '6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f',
      initiatorFullName: 'Alex Doe',
      verifiedOver18: false,
      recipientFullName: null,
      recipientPhone: null,
      consentStatus: 'pending',
      aiVerdict: null,
      consentGrantedTime: null,
      recipientToken: null,
      deleteAfterDays: 90,
      expiresAt: '2026-11-22T12:30:00.000Z',
      expired: false,
      createdAt: '2026-11-22T12:00:00.000Z',
      initiator: { fullName: 'Alex Doe', profile_picture_url: '/api/media/profile-pictures/abc.webp' },
      verificationTextSent: false,
      check: null,
      withdrawnAt: null,
      retakeUntil: null,
      deniedBecause: null,
    });
  });

  it('says until when the partner may record again while a retake is awaited, to the member too, and nothing of why', () => {
    const retakeUntil = new Date('2026-11-22T12:10:00Z');
    const retaking = stored({ aiVerdict: 'processing', recipientDecision: 'yes', attempts: 1, retakeUntil });
    expect(presentSession(retaking, now)).toMatchObject({
      aiVerdict: 'processing',
      retakeUntil: '2026-11-22T12:10:00.000Z',
      check: null,
    });
    expect(presentSession(stored({ aiVerdict: 'processing', attempts: 2 }), now).retakeUntil).toBeNull();
  });

  it("never answers the member's phone", () => {
    const json = JSON.stringify(presentSession(stored(), now));
    expect(json).not.toContain('555 000 1122');
    expect(json).not.toContain('initiatorPhone');
  });

  it("says the verification text was sent once the partner's text went out", () => {
    expect(
      presentSession(stored({ verificationTextSentAt: new Date('2026-11-22T12:06:00Z') }), now).verificationTextSent,
    ).toBe(true);
  });

  it('carries the token only when given (on creation)', () => {
    expect(presentSession(stored(), now, { recipientToken: 'secret-token' }).recipientToken).toBe('secret-token');
  });

  it('carries the speech check only when given (to the partner)', () => {
    const check = {
      attempt: 1,
      maxAttempts: 3,
      retakeAllowed: true,
      heard: 'i can send',
      answer: 'yes' as const,
      recorded: true,
      endedBySafetyAnswers: false,
      safetyAnswered: true,
    };
    expect(presentSession(stored(), now, { check }).check).toEqual(check);
  });

  it('masks the phone and says whether an unanswered session lapsed', () => {
    const answered = presentSession(
      stored({ recipientPhone: '+15551234567', aiVerdict: 'processing', expiresAt: new Date(0) }),
      now,
    );
    expect(answered).toMatchObject({ recipientPhone: '••••••67', expired: false });
    expect(presentSession(stored({ expiresAt: now }), now).expired).toBe(true);
  });

  it('says why a denied session was denied, from its verdict: the answer (a No pressed or said) or the recording', () => {
    const denied = stored({ consentStatus: 'denied', aiVerdict: 'denied', recipientDecision: 'yes', attempts: 3 });
    expect(
      presentSession(denied, now, {
        verdict: { outcome: 'unclear', reasons: ['no_consent_statement', 'name_matched'] },
      }).deniedBecause,
    ).toBe('recording');
    expect(presentSession(denied, now, { verdict: { outcome: 'denied', reasons: ['refusal'] } }).deniedBecause).toBe(
      'answer',
    );
    expect(
      presentSession({ ...denied, recipientDecision: 'no' }, now, {
        verdict: { outcome: 'denied', reasons: ['pressed_no'] },
      }).deniedBecause,
    ).toBe('answer');
  });

  it('says nothing of why for any other state, and the plain denial for a denied session without its verdict', () => {
    const unclear = { outcome: 'unclear', reasons: ['unclear_words'] };
    expect(
      ([null, 'processing', 'granted', 'failed'] as const).map((aiVerdict) =>
        presentDeniedBecause({ aiVerdict }, unclear),
      ),
    ).toEqual([null, null, null, null]);
    expect(presentDeniedBecause({ aiVerdict: 'denied' }, null)).toBe('answer');
  });

  it('gives the grant time as ISO', () => {
    const granted = stored({
      consentStatus: 'granted',
      aiVerdict: 'granted',
      consentGrantedTime: new Date('2026-11-22T12:05:00Z'),
    });
    expect(presentSession(granted, now).consentGrantedTime).toBe('2026-11-22T12:05:00.000Z');
  });
});

describe("the partner's speech check", () => {
  const retaking = stored({
    aiVerdict: 'processing',
    recipientDecision: 'yes',
    attempts: 1,
    retakeUntil: new Date(now.getTime() + 60_000),
  });

  it('says which attempt it is, of how many, and whether a retake may be made now', () => {
    expect(presentCheck(stored({ safetyAnsweredAt: null }), null, now)).toEqual({
      attempt: 0,
      maxAttempts: 3,
      retakeAllowed: false,
      heard: null,
      answer: null,
      recorded: false,
      endedBySafetyAnswers: false,
      safetyAnswered: false,
    });
    expect(presentCheck(stored({ ...retaking, videoAssetId: 'a1', safetyAnsweredAt: now }), 'i can send', now)).toEqual(
      {
        attempt: 1,
        maxAttempts: 3,
        retakeAllowed: true,
        heard: 'i can send',
        answer: 'yes',
        recorded: true,
        endedBySafetyAnswers: false,
        safetyAnswered: true,
      },
    );
    expect(presentCheck(retaking, null, new Date(now.getTime() + 60_000)).retakeAllowed).toBe(false);
  });

  it("says that the partner answered Yes to the safety questions, in the partner's view only", () => {
    const cleared = stored({ safetyAnsweredAt: now });
    expect(presentCheck(stored({ safetyAnsweredAt: null }), null, now).safetyAnswered).toBe(false);
    expect(presentCheck(cleared, null, now).safetyAnswered).toBe(true);
    expect(presentSession(cleared, now).check).toBeNull();
  });

  it("says that the partner's safety answers ended the session, in the partner's view only", () => {
    const stopped = stored({
      consentStatus: 'denied',
      aiVerdict: 'denied',
      recipientDecision: 'no',
      safetyStoppedAt: now,
    });
    expect(presentCheck(stopped, null, now)).toMatchObject({
      answer: 'no',
      recorded: false,
      endedBySafetyAnswers: true,
    });
    expect(presentSession(stopped, now).check).toBeNull();
  });

  it('shows what was heard beside a retake offered or a verdict, not while analysing and not after a No', () => {
    expect(showsWhatWasHeard(retaking, now)).toBe(true);
    expect(showsWhatWasHeard(stored({ aiVerdict: 'granted', recipientDecision: 'yes', attempts: 2 }), now)).toBe(true);
    expect(showsWhatWasHeard(stored({ aiVerdict: 'processing', recipientDecision: 'yes', attempts: 2 }), now)).toBe(
      false,
    );
    expect(showsWhatWasHeard(stored({ aiVerdict: 'denied', recipientDecision: 'no', attempts: 1 }), now)).toBe(false);
    expect(showsWhatWasHeard(stored({ aiVerdict: 'denied', recipientDecision: 'no', attempts: 0 }), now)).toBe(false);
  });
});
