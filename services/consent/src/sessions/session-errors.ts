import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import type { CallerContext } from '../http/caller-context';
import { SessionState, submissionRefusal } from '../session-records/session-rules';
import { AccessFacts, isOwner, mayProvePhone, partnerRefusal } from './session-access';

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

/** Refuses a caller who may not act as the session's partner (`partnerRefusal`): the member, the link after the proof, anyone else. */
export function refuseAsPartner(session: AccessFacts, caller: CallerContext, now: Date): void {
  const refusal = partnerRefusal(session, caller, now);
  if (refusal === 'member') throw new ApiException(API_ERRORS.partnerIsMember);
  if (refusal === 'other_phone') throw new ApiException(API_ERRORS.partnerPhoneRequired);
  if (refusal === 'not_found') throw new SessionNotFoundException();
}

/** Refuses a caller who may not prove the partner's phone (`mayProvePhone`): the member is told why, anyone else not. */
export function refuseAsProver(session: AccessFacts, caller: CallerContext, now: Date): void {
  if (mayProvePhone(session, caller, now)) return;
  if (isOwner(session, caller)) throw new ApiException(API_ERRORS.partnerIsMember);
  throw new SessionNotFoundException();
}
