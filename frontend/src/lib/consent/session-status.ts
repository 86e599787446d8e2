import type { AiVerdict, ConsentSession, ConsentStatus } from '@app/contracts';

/**
 * The server's one answer for a session it does not recognise, or one that ran out of time (spec section 2): the same
 * text as API_ERRORS.sessionNotFound (a test holds them equal), written out so the partner's page does not download
 * the whole error table for one sentence.
 */
export const INVALID_SESSION_MESSAGE = 'This consent session is invalid or has expired.';

/**
 * Said plainly wherever consent is explained or recorded: the Learn page, the partner's result screen, the receipt.
 * Kept here, with the other texts several screens share, rather than in a module of its own, which the build would
 * make a chunk too small to compress.
 */
export const WITHDRAW_ANY_TIME = 'You can withdraw your consent at any time.';

/** The spec's failure text (section 4), shown by both screens when the analysis failed for good. */
export const ANALYSIS_FAILED_MESSAGE = 'AI processing failed - please try again';

export type Verdict = 'granted' | 'denied';

/**
 * Where a session stands, as both screens show it. `failed`: the analysis failed for good, no verdict will come.
 * `withdrawn`: the partner withdrew a granted consent, which is never shown as granted again.
 */
export type SessionState = 'waiting' | 'processing' | Verdict | 'withdrawn' | 'failed' | 'expired';

type StatusFields = Pick<ConsentSession, 'aiVerdict' | 'consentStatus'>;

/** The AI's verdict decides; before there is one, the recorded status does (spec section 4). */
export function decidingValue(session: StatusFields): AiVerdict | ConsentStatus {
  return session.aiVerdict ?? session.consentStatus;
}

/** 'granted' or 'denied' once the server has decided, else null. Only an exact 'granted' counts as a yes. */
export function finalVerdict(session: StatusFields | undefined): Verdict | null {
  if (!session) return null;
  const value = decidingValue(session);
  return value === 'granted' || value === 'denied' ? value : null;
}

export function sessionState(
  session: StatusFields & Pick<ConsentSession, 'expired'> & Partial<Pick<ConsentSession, 'withdrawnAt'>>,
): SessionState {
  if (session.withdrawnAt) return 'withdrawn';
  const verdict = finalVerdict(session);
  if (verdict) return verdict;
  const value = decidingValue(session);
  if (value === 'processing' || value === 'failed') return value;
  return session.expired ? 'expired' : 'waiting';
}

/** Nothing more will happen to the session's answer: a verdict, or a failed analysis. */
export function isSettled(session: StatusFields | undefined): boolean {
  return finalVerdict(session) !== null || session?.aiVerdict === 'failed';
}
