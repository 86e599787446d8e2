/** A member's sockets, whichever screen they have open. */
export const memberRoom = (userId: string) => `user:${userId}`;
/** The sockets opened with one sign-in (an `auth_sessions` row), closed together when it ends. */
export const signInRoom = (authSessionId: string) => `sign-in:${authSessionId}`;
/** The partner's sockets on one session, joined with the link's token. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * Who hears of a session's change: the member's and the partner's sockets, whatever the change. A retake offered
 * too: the member's screen says that their partner is recording again (the pushed view tells no outcome, nothing
 * heard).
 */
export function roomsOf(session: { id: string; initiatorUserId: string }): string[] {
  return [memberRoom(session.initiatorUserId), sessionRoom(session.id)];
}
