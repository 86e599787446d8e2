import { recipientTokenMatches } from './recipient-token';
import type { StoredView } from './session-view.store';

/**
 * A stored view stops being used this long before its deadline: the deadline is the consent service's clock, the
 * comparison the gateway's, and a second of difference between them must not let a lapsed link read on.
 */
export const CLOCK_MARGIN_MS = 1_000;

/** Who polls: the signed-in member (if any), the link's token and the session's partner credential (if presented). */
export interface PollingCaller {
  memberId: string | null;
  recipientToken: string | null;
  partnerCredential: string | null;
}

/**
 * The consent service's own rule for a read (`isPartner`, then `canRead`), on a stored view: the body to answer, or
 * null to ask the consent service, which decides everything else (a stranger's 404, the member holding the link, the
 * link without the proved phone's credential). A view the clock has changed since it was read (`freshUntil`, less
 * `CLOCK_MARGIN_MS`) is not used at all.
 */
export function answerFromView(view: StoredView, caller: PollingCaller, now: number): Buffer | null {
  if (view.freshUntil !== null && now + CLOCK_MARGIN_MS >= view.freshUntil) return null;
  const isMember = caller.memberId !== null && caller.memberId === view.initiatorUserId;
  if (bodyFor(caller) === 'm') return isMember ? view.body : null;
  if (isMember || !view.partnerMayRead) return null;
  const partner = view.partnerCredentialHash
    ? recipientTokenMatches(caller.partnerCredential, view.partnerCredentialHash)
    : recipientTokenMatches(caller.recipientToken, view.recipientTokenHash);
  return partner ? view.body : null;
}

/** Which of the two stored answers a caller could be given. */
export function bodyFor(caller: PollingCaller): 'm' | 'p' {
  return caller.recipientToken !== null || caller.partnerCredential !== null ? 'p' : 'm';
}
