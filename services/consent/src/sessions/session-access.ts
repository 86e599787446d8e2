import { recipientTokenMatches } from '@app/session-views';
import type { CallerContext } from '../http/caller-context';
import { isExpired, SessionState } from '../session-records/session-rules';

export interface AccessFacts extends SessionState {
  id: string;
  initiatorUserId: string;
  recipientTokenHash: Buffer;
  /** Set when the partner proved their phone: the hash of the credential that browser was given. */
  partnerCredentialHash: Buffer | null;
}

type Credentials = Pick<CallerContext, 'actorUserId' | 'recipientToken' | 'partnerCredentials'>;

/** Why a caller may not act as the partner (`partnerRefusal`). */
export type PartnerRefusal = 'not_found' | 'member' | 'other_phone';

/** The member who started the session: may read it for good, expired or not. */
export function isOwner(session: AccessFacts, caller: Pick<CallerContext, 'actorUserId'>): boolean {
  return caller.actorUserId !== undefined && caller.actorUserId === session.initiatorUserId;
}

/** The holder of the link's token, until an unanswered session lapses: may read the session's state. */
export function holdsLink(session: AccessFacts, caller: Pick<CallerContext, 'recipientToken'>, now: Date): boolean {
  return recipientTokenMatches(caller.recipientToken, session.recipientTokenHash) && !isExpired(session, now);
}

/**
 * Who acts as the partner (answers, records, reads what was heard), until an unanswered session lapses: never the
 * session's own member, whatever they hold; the link's holder until the phone is proved; from then on only the
 * browser that proved it, by its credential, as the link's token was shown on the member's screen too.
 */
export function isPartner(session: AccessFacts, caller: Credentials, now: Date): boolean {
  if (isOwner(session, caller) || isExpired(session, now)) return false;
  if (session.partnerCredentialHash)
    return recipientTokenMatches(caller.partnerCredentials?.get(session.id), session.partnerCredentialHash);
  return recipientTokenMatches(caller.recipientToken, session.recipientTokenHash);
}

/**
 * Who may prove the partner's phone with a texted code: the partner, and after the proof the link's holder on another
 * browser too (a partner whose browser lost its credential: a new code goes to the proved number only, and the browser
 * that types it gets a credential that replaces the old one). Never the session's own member.
 */
export function mayProvePhone(session: AccessFacts, caller: Credentials, now: Date): boolean {
  return isPartner(session, caller, now) || (!isOwner(session, caller) && holdsLink(session, caller, now));
}

export function canRead(session: AccessFacts, caller: Credentials, now: Date): boolean {
  return isOwner(session, caller) || holdsLink(session, caller, now) || isPartner(session, caller, now);
}

/**
 * Why a caller may not act as the partner, or null when they may. The member and the link's holder after the proof
 * know the session already, so they are told why; anyone else gets the one answer that reveals nothing.
 */
export function partnerRefusal(session: AccessFacts, caller: Credentials, now: Date): PartnerRefusal | null {
  if (isPartner(session, caller, now)) return null;
  if (isOwner(session, caller)) return 'member';
  return session.partnerCredentialHash && holdsLink(session, caller, now) ? 'other_phone' : 'not_found';
}
