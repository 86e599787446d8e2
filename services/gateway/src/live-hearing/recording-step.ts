import type { ConsentSession } from '@app/contracts';

/**
 * The session waits for a recording from the phone that read it: the partner's own view (`check`, given to the proved
 * phone only once it is proved), the phone proved and the safety questions answered Yes, not lapsed, and either
 * unanswered or a retake offered. The partner's form opens its recording step on the same facts (`resume-step.ts`,
 * `resumed-flow.tsx`).
 */
export function awaitsPartnerRecording(
  session: Pick<ConsentSession, 'check' | 'phoneVerifiedAt' | 'expired' | 'aiVerdict'>,
): boolean {
  const { check } = session;
  if (!check || !session.phoneVerifiedAt || !check.safetyAnswered || session.expired) return false;
  return session.aiVerdict === null || check.retakeAllowed;
}
