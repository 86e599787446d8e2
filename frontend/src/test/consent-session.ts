import type { ConsentSession, PartnerCheck } from '@app/contracts';

/** A fresh, unanswered session as the server answers it; tests override only what they are about. */
export function testSession(overrides: Partial<ConsentSession> = {}): ConsentSession {
  return {
    id: 's1',
    qrCodeId: 'ciq-server-1',
    initiatorUserId: 'u1',
    initiatorFullName: 'Alex Doe',
    verifiedOver18: false,
    recipientFullName: null,
    recipientPhone: null,
    consentStatus: 'pending',
    aiVerdict: null,
    consentGrantedTime: null,
    recipientToken: null,
    deleteAfterDays: 90,
    expiresAt: '2030-01-01T00:30:00.000Z',
    expired: false,
    createdAt: '2030-01-01T00:00:00.000Z',
    initiator: { fullName: 'Alex Doe', profile_picture_url: null },
    verificationTextSent: false,
    check: null,
    withdrawnAt: null,
    phoneVerifiedAt: null,
    retakeUntil: null,
    deniedBecause: null,
    ...overrides,
  };
}

/** What the server tells the partner's proved phone before any recording; tests override only what they are about. */
export function partnerCheck(overrides: Partial<PartnerCheck> = {}): PartnerCheck {
  return {
    attempt: 0,
    maxAttempts: 3,
    retakeAllowed: false,
    heard: null,
    answer: null,
    recorded: false,
    endedBySafetyAnswers: false,
    safetyAnswered: false,
    ...overrides,
  };
}
