import type { CallerContext } from '../http/caller-context';
import { recipientTokenMatches } from '@app/session-views';
import { isExpired, SessionState } from './session-rules';

export interface AccessFacts extends SessionState {
  initiatorUserId: string;
  recipientTokenHash: Buffer;
}

/** The member who started the session: may read it for good, expired or not. */
export function isOwner(session: AccessFacts, caller: Pick<CallerContext, 'actorUserId'>): boolean {
  return caller.actorUserId !== undefined && caller.actorUserId === session.initiatorUserId;
}

/** The holder of the link's token, until an unanswered session lapses. */
export function isPartner(session: AccessFacts, caller: Pick<CallerContext, 'recipientToken'>, now: Date): boolean {
  return recipientTokenMatches(caller.recipientToken, session.recipientTokenHash) && !isExpired(session, now);
}

export function canRead(session: AccessFacts, caller: Pick<CallerContext, 'actorUserId' | 'recipientToken'>, now: Date): boolean {
  return isOwner(session, caller) || isPartner(session, caller, now);
}
