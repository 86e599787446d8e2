import { createHash } from 'node:crypto';

/** A member's sockets, whichever screen they have open. */
export const memberRoom = (userId: string) => `user:${userId}`;
/** The sockets opened with one sign-in (an `auth_sessions` row), closed together when it ends. */
export const signInRoom = (authSessionId: string) => `sign-in:${authSessionId}`;
/** Every socket that joined one session with its link's token, the proved phone's included. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * The sockets of one session that joined with a partner credential, by that credential's hash as the consent service
 * keeps it: only the room of the proved phone's current credential is pushed the partner's own view, so a credential
 * a new proof replaced hears it no more. Hashed once more, as room names cross Redis in clear.
 */
export function partnerRoom(sessionId: string, credentialHash: Buffer): string {
  return `partner:${sessionId}:${createHash('sha256').update(credentialHash).digest('base64url')}`;
}

/**
 * Who hears of a session's change as the member sees it: the member's sockets and the link's holders, whatever the
 * change. A retake offered too: the member's screen says that their partner is recording again (the member's view
 * tells no outcome, nothing heard). The proved phone's sockets are told instead with the partner's view.
 */
export function roomsOf(session: { id: string; initiatorUserId: string }): string[] {
  return [memberRoom(session.initiatorUserId), sessionRoom(session.id)];
}
