import type { AiVerdict, ConsentSession, ConsentStatus } from '@app/contracts';
import { API_ERRORS } from '@app/contracts/api-errors';

/** The server's one answer for a session it does not recognise, or one that ran out of time (spec section 2). */
export const INVALID_SESSION_MESSAGE = API_ERRORS.sessionNotFound.message;

export type Verdict = 'granted' | 'denied';

/** Where a session stands, as both screens show it. */
export type SessionState = 'waiting' | 'processing' | Verdict | 'expired';

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

export function sessionState(session: StatusFields & Pick<ConsentSession, 'expired'>): SessionState {
  const verdict = finalVerdict(session);
  if (verdict) return verdict;
  if (decidingValue(session) === 'processing') return 'processing';
  return session.expired ? 'expired' : 'waiting';
}
