import { partnerCheck, testSession } from '@/test/consent-session';
import { PHONE_VERIFIED_AT } from '@/test/phone-code';

/** A session offering its partner a retake after an unclear first take, as their proved phone reads it. */
export const retakeOffered = () =>
  testSession({
    aiVerdict: 'processing',
    recipientFullName: 'Jamie Lee',
    phoneVerifiedAt: PHONE_VERIFIED_AT,
    check: partnerCheck({
      attempt: 1,
      retakeAllowed: true,
      answer: 'yes',
      recorded: true,
      safetyAnswered: true,
      heard: 'uh',
    }),
  });
