/** The rules of a consent session's life, kept free of I/O so they can be tested on their own. */

import type { AiVerdict, ConsentStatus, JudgementOutcome } from '@app/contracts';

export interface SessionState {
  consentStatus: ConsentStatus;
  aiVerdict: AiVerdict | null;
  expiresAt: Date;
}

/** What the client decides on (spec section 4): the AI verdict, falling back to the consent status. */
export function decidingValue(state: Pick<SessionState, 'consentStatus' | 'aiVerdict'>): AiVerdict | ConsentStatus {
  return state.aiVerdict ?? state.consentStatus;
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

/** What a session can end with: the judge's outcome, or `failed` when the analysis could not be done. */
export type VerdictOutcome = JudgementOutcome | 'failed';

export interface VerdictChanges {
  aiVerdict: AiVerdict;
  consentStatus: ConsentStatus;
  consentGrantedTime: Date | null;
}

/**
 * How a verdict shows on the session: only `granted` grants (and is timed); `unclear` is shown as the spec's denied;
 * a failed analysis decides nothing, so the consent status stays as it was.
 */
export function verdictChanges(outcome: VerdictOutcome, state: Pick<SessionState, 'consentStatus'>, now: Date): VerdictChanges {
  if (outcome === 'granted') return { aiVerdict: 'granted', consentStatus: 'granted', consentGrantedTime: now };
  if (outcome === 'failed') return { aiVerdict: 'failed', consentStatus: state.consentStatus, consentGrantedTime: null };
  return { aiVerdict: 'denied', consentStatus: 'denied', consentGrantedTime: null };
}

/** Whether an analysis may still store its outcome: the session waits for it, for this very recording. */
export function awaitsAnalysisOf(state: Pick<SessionState, 'aiVerdict'> & { videoAssetId: string | null }, videoAssetId: string): boolean {
  return state.aiVerdict === 'processing' && state.videoAssetId === videoAssetId;
}
