import type { SessionChange } from '@app/queue';

/** A member's sockets, whichever screen they have open. */
export const memberRoom = (userId: string) => `user:${userId}`;
/** The sockets opened with one sign-in (an `auth_sessions` row), closed together when it ends. */
export const signInRoom = (authSessionId: string) => `sign-in:${authSessionId}`;
/** The partner's sockets on one session, joined with the link's token. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * Who hears of a change: the member's and the partner's sockets, except for a retake offered, which only the
 * partner's screen acts on. The member's screen keeps showing the check running, and an event of its own would tell
 * that an attempt ended without a verdict.
 */
export function roomsOf(session: { id: string; initiatorUserId: string }, change: SessionChange): string[] {
  if (change === 'retake_requested') return [sessionRoom(session.id)];
  return [memberRoom(session.initiatorUserId), sessionRoom(session.id)];
}
