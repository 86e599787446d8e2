import { type SessionState, submissionRefusal } from '../session-records/session-rules';

export interface LiveHearingFacts extends SessionState {
  phoneVerifiedAt: Date | null;
  safetyAnsweredAt: Date | null;
  withdrawnAt: Date | null;
  recordingDeletedAt: Date | null;
}

/**
 * A live take is heard only while the partner may record, by the rules an upload is checked with (`assertOpen`,
 * `assertPhoneVerified`, `assertSafetyAnswered`): open for a first recording or a retake, the phone proved, the
 * safety questions answered; and nothing withdrawn or deleted.
 */
export function awaitsPartnerRecording(session: LiveHearingFacts, now: Date): boolean {
  return (
    submissionRefusal(session, now) === null &&
    session.phoneVerifiedAt !== null &&
    session.safetyAnsweredAt !== null &&
    session.withdrawnAt === null &&
    session.recordingDeletedAt === null
  );
}
