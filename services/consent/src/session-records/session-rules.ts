/** The rules of a consent session's life, kept free of I/O so they can be tested on their own. */

import { type AiVerdict, type ConsentStatus, type JudgementOutcome, MAX_RECORDING_ATTEMPTS } from '@app/contracts';

export interface SessionState {
  consentStatus: ConsentStatus;
  aiVerdict: AiVerdict | null;
  expiresAt: Date;
  /** Set while the session waits for the partner to record again: until when they may. */
  retakeUntil: Date | null;
}

/** What the client decides on (spec section 4): the AI verdict, falling back to the consent status. */
export function decidingValue(state: Pick<SessionState, 'consentStatus' | 'aiVerdict'>): AiVerdict | ConsentStatus {
  return state.aiVerdict ?? state.consentStatus;
}

/** Unanswered sessions lapse; one that was answered stays readable whatever the clock says. */
export function isExpired(state: SessionState, now: Date): boolean {
  return state.aiVerdict === null && state.consentStatus === 'pending' && now.getTime() >= state.expiresAt.getTime();
}

/**
 * The questions come before the first answer. Once the partner has answered, they come too late, also while a retake
 * is offered (the session is still open then, but a retake goes straight back to the recording).
 */
export function answeredBeforeSafetyCheck(session: { recipientDecision: 'yes' | 'no' | null }): boolean {
  return session.recipientDecision !== null;
}

export type SubmissionRefusal = 'expired' | 'already_submitted';

/**
 * The session waits for the partner to record again: their latest recording was unclear and the retake window is
 * open. It stays `processing` meanwhile, with no verdict; the member is told only that their partner is recording
 * again (`pendingRetakeUntil`).
 */
export function awaitsRetake(state: Pick<SessionState, 'aiVerdict' | 'retakeUntil'>, now: Date): boolean {
  return state.aiVerdict === 'processing' && state.retakeUntil !== null && now.getTime() < state.retakeUntil.getTime();
}

/**
 * Until when a read of the session gives the same answer if nothing changes it: the next of its deadlines (the
 * lapse of an unanswered session, the end of a retake window), the only moments the clock alone changes a read
 * (`isExpired`, `awaitsRetake`). Null when none is ahead.
 */
export function readStableUntil(state: Pick<SessionState, 'expiresAt' | 'retakeUntil'>, now: Date): Date | null {
  const ahead = [state.expiresAt, state.retakeUntil].filter(
    (deadline): deadline is Date => deadline !== null && deadline.getTime() > now.getTime(),
  );
  return ahead.length ? new Date(Math.min(...ahead.map((deadline) => deadline.getTime()))) : null;
}

/**
 * Until when the partner may record again, while the session waits for a retake; else null. It stays past the
 * deadline until the lapse pass makes the last outcome the verdict (within a minute), so the member's screen goes
 * from 'recording again' to the verdict, never back to an analysis that is not running.
 */
export function pendingRetakeUntil(state: Pick<SessionState, 'aiVerdict' | 'retakeUntil'>): Date | null {
  return state.aiVerdict === 'processing' ? state.retakeUntil : null;
}

/** The retake window passed without a new recording: the latest unclear outcome is to become the verdict. */
export function retakeLapsed(state: Pick<SessionState, 'aiVerdict' | 'retakeUntil'>, now: Date): boolean {
  return state.aiVerdict === 'processing' && state.retakeUntil !== null && now.getTime() >= state.retakeUntil.getTime();
}

/** Added to the last attempt's reasons when its retake window lapses and it becomes the verdict. */
export const RETAKE_NOT_RECORDED = 'retake_not_recorded';

/** When a retake offered at `now` must have been recorded by. */
export function retakeDeadline(now: Date, windowMinutes: number): Date {
  return new Date(now.getTime() + windowMinutes * 60_000);
}

/** A partner may submit once while the session is open, and again only while a retake is offered. */
export function submissionRefusal(state: SessionState, now: Date): SubmissionRefusal | null {
  if (awaitsRetake(state, now)) return null;
  if (state.aiVerdict !== null || state.consentStatus !== 'pending') return 'already_submitted';
  if (isExpired(state, now)) return 'expired';
  return null;
}

/** What a session can end with: the judge's outcome, or `failed` when the analysis could not be done. */
export type VerdictOutcome = JudgementOutcome | 'failed';

/**
 * Whether an analysis outcome leaves the session open for another recording instead of being its verdict: only an
 * unclear one before the last attempt. A spoken refusal (`denied`), a grant and a failure are final at once.
 */
export function offersRetake(outcome: VerdictOutcome, attempt: number): boolean {
  return outcome === 'unclear' && attempt < MAX_RECORDING_ATTEMPTS;
}

export interface VerdictChanges {
  aiVerdict: AiVerdict;
  consentStatus: ConsentStatus;
  consentGrantedTime: Date | null;
  retakeUntil: null;
}

/**
 * How a verdict shows on the session: only `granted` grants (and is timed); `unclear` is shown as the spec's denied;
 * a failed analysis decides nothing, so the consent status stays as it was. A verdict ends any retake window.
 */
export function verdictChanges(
  outcome: VerdictOutcome,
  state: Pick<SessionState, 'consentStatus'>,
  now: Date,
): VerdictChanges {
  if (outcome === 'granted')
    return { aiVerdict: 'granted', consentStatus: 'granted', consentGrantedTime: now, retakeUntil: null };
  if (outcome === 'failed')
    return { aiVerdict: 'failed', consentStatus: state.consentStatus, consentGrantedTime: null, retakeUntil: null };
  return { aiVerdict: 'denied', consentStatus: 'denied', consentGrantedTime: null, retakeUntil: null };
}

/**
 * Whether an analysis may still store its outcome: the session waits for it, for this very recording. Never while a
 * retake is awaited: that attempt has its outcome already.
 */
export function awaitsAnalysisOf(
  state: Pick<SessionState, 'aiVerdict' | 'retakeUntil'> & { videoAssetId: string | null },
  videoAssetId: string,
): boolean {
  return state.aiVerdict === 'processing' && state.retakeUntil === null && state.videoAssetId === videoAssetId;
}
