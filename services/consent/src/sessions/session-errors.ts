import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import { SessionState, submissionRefusal } from './session-rules';

/** The one answer to every partner-side failure (unknown id, wrong token, someone else's, lapsed): it reveals nothing. */
export class SessionNotFoundException extends ApiException {
  constructor() {
    super(API_ERRORS.sessionNotFound);
  }
}

/** Refuses anything that changes a session (a decision, a recording) once it was answered or has lapsed. */
export function assertOpen(session: SessionState, now: Date): void {
  const refusal = submissionRefusal(session, now);
  if (refusal === 'already_submitted') throw new ApiException(API_ERRORS.alreadyAnswered);
  if (refusal === 'expired') throw new SessionNotFoundException();
}
