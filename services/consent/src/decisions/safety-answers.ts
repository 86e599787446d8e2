import type { SafetyCheckRequest } from '@app/contracts';

export type SafetyAnswers = Pick<SafetyCheckRequest, 'freeToSayNo' | 'clearHeaded'>;

/** A yes from someone who does not feel free to say no, or is not clear-headed, is no consent: either No ends it. */
export function safetyAnswersEndSession({ freeToSayNo, clearHeaded }: SafetyAnswers): boolean {
  return !freeToSayNo || !clearHeaded;
}

/**
 * The questions come before the first answer. Once the partner has answered, they come too late, also while a retake
 * is offered (the session is still open then, but a retake goes straight back to the recording).
 */
export function answeredBeforeSafetyCheck(session: { recipientDecision: 'yes' | 'no' | null }): boolean {
  return session.recipientDecision !== null;
}
