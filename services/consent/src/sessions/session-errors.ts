import { ConflictException, NotFoundException } from '@nestjs/common';
import { SessionState, submissionRefusal } from './session-rules';

/** The one answer to every partner-side failure (unknown id, wrong token, someone else's, lapsed): it reveals nothing. */
export const SESSION_NOT_FOUND = 'This consent session is invalid or has expired.';
export const ALREADY_ANSWERED = 'This consent session has already been answered';

export class SessionNotFoundException extends NotFoundException {
  constructor() {
    super(SESSION_NOT_FOUND);
  }
}

/** Refuses anything that changes a session (a decision, a recording) once it was answered or has lapsed. */
export function assertOpen(session: SessionState, now: Date): void {
  const refusal = submissionRefusal(session, now);
  if (refusal === 'already_submitted') throw new ConflictException(ALREADY_ANSWERED);
  if (refusal === 'expired') throw new SessionNotFoundException();
}
