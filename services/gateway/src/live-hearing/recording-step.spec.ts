import type { PartnerCheck } from '@app/contracts';
import { awaitsPartnerRecording } from './recording-step';

const check: PartnerCheck = {
  attempt: 0,
  maxAttempts: 3,
  retakeAllowed: false,
  heard: null,
  answer: null,
  recorded: false,
  endedBySafetyAnswers: false,
  safetyAnswered: true,
};
const waiting = {
  check,
  phoneVerifiedAt: '2025-01-01T00:00:00.000Z',
  expired: false,
  aiVerdict: null,
} as const;

describe('awaitsPartnerRecording', () => {
  it('is true at the recording step: proved phone, safety questions answered, nothing answered yet', () => {
    expect(awaitsPartnerRecording(waiting)).toBe(true);
  });

  it('is true while a retake is offered, though an analysis is under way', () => {
    expect(
      awaitsPartnerRecording({
        ...waiting,
        aiVerdict: 'processing',
        check: { ...check, attempt: 1, retakeAllowed: true },
      }),
    ).toBe(true);
  });

  it("is false to anyone but the proved phone (no partner's view), and before the proof or the safety answers", () => {
    expect(awaitsPartnerRecording({ ...waiting, check: null })).toBe(false);
    expect(awaitsPartnerRecording({ ...waiting, phoneVerifiedAt: null })).toBe(false);
    expect(awaitsPartnerRecording({ ...waiting, check: { ...check, safetyAnswered: false } })).toBe(false);
  });

  it('is false once answered (an analysis without a retake, a verdict) and once lapsed', () => {
    for (const aiVerdict of ['processing', 'granted', 'denied', 'failed'] as const)
      expect(awaitsPartnerRecording({ ...waiting, aiVerdict })).toBe(false);
    expect(awaitsPartnerRecording({ ...waiting, expired: true })).toBe(false);
  });
});
