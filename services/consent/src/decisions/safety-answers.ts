import type { SafetyCheckRequest } from '@app/contracts';

export type SafetyAnswers = Pick<SafetyCheckRequest, 'freeToSayNo' | 'clearHeaded'>;

/** A yes from someone who does not feel free to say no, or is not clear-headed, is no consent: either No ends it. */
export function safetyAnswersEndSession({ freeToSayNo, clearHeaded }: SafetyAnswers): boolean {
  return !freeToSayNo || !clearHeaded;
}
