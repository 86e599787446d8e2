/** The rules of a consent session's life, kept free of I/O so they can be tested on their own. */

import type { AiVerdict, ConsentStatus } from '@app/contracts';

export interface SessionState {
  consentStatus: ConsentStatus;
  aiVerdict: AiVerdict | null;
  expiresAt: Date;
}

/** What the client decides on (spec section 4): the AI verdict, falling back to the consent status. */
export function decidingValue(state: Pick<SessionState, 'consentStatus' | 'aiVerdict'>): AiVerdict | ConsentStatus {
  return state.aiVerdict ?? state.consentStatus;
}

export function hasFinalVerdict(state: Pick<SessionState, 'aiVerdict'>): boolean {
  return state.aiVerdict === 'granted' || state.aiVerdict === 'denied';
}

/** Unanswered sessions lapse; one that was answered stays readable whatever the clock says. */
export function isExpired(state: SessionState, now: Date): boolean {
  return state.aiVerdict === null && state.consentStatus === 'pending' && now.getTime() >= state.expiresAt.getTime();
}

export type SubmissionRefusal = 'expired' | 'already_submitted';

/** A partner may submit once, and only while the session is open. */
export function submissionRefusal(state: SessionState, now: Date): SubmissionRefusal | null {
  if (state.aiVerdict !== null || state.consentStatus !== 'pending') return 'already_submitted';
  if (isExpired(state, now)) return 'expired';
  return null;
}
