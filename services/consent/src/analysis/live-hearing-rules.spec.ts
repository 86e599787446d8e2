import { awaitsPartnerRecording, type LiveHearingFacts } from './live-hearing-rules';

const NOW = new Date('2025-06-01T12:00:00Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

/** A session whose proved partner answered the safety questions and has not recorded yet. */
const waiting: LiveHearingFacts = {
  consentStatus: 'pending',
  aiVerdict: null,
  expiresAt: later(10),
  retakeUntil: null,
  phoneVerifiedAt: later(-2),
  safetyAnsweredAt: later(-1),
  withdrawnAt: null,
  recordingDeletedAt: null,
};

describe('awaitsPartnerRecording', () => {
  it('holds for a proved partner past the safety questions, before the first recording and during a retake', () => {
    expect(awaitsPartnerRecording(waiting, NOW)).toBe(true);
    expect(
      awaitsPartnerRecording(
        { ...waiting, consentStatus: 'pending', aiVerdict: 'processing', retakeUntil: later(5) },
        NOW,
      ),
    ).toBe(true);
  });

  it('does not hold before the proof or the safety answers, once answered or lapsed, nor after a withdrawal or deletion', () => {
    expect(awaitsPartnerRecording({ ...waiting, phoneVerifiedAt: null }, NOW)).toBe(false);
    expect(awaitsPartnerRecording({ ...waiting, safetyAnsweredAt: null }, NOW)).toBe(false);
    // Submitted and being analysed; answered; a retake window that passed; a session that lapsed unanswered.
    expect(awaitsPartnerRecording({ ...waiting, aiVerdict: 'processing' }, NOW)).toBe(false);
    expect(awaitsPartnerRecording({ ...waiting, aiVerdict: 'granted', consentStatus: 'granted' }, NOW)).toBe(false);
    expect(awaitsPartnerRecording({ ...waiting, aiVerdict: 'processing', retakeUntil: later(-1) }, NOW)).toBe(false);
    expect(awaitsPartnerRecording({ ...waiting, expiresAt: later(-1) }, NOW)).toBe(false);
    expect(awaitsPartnerRecording({ ...waiting, withdrawnAt: NOW }, NOW)).toBe(false);
    expect(awaitsPartnerRecording({ ...waiting, recordingDeletedAt: NOW }, NOW)).toBe(false);
  });
});
