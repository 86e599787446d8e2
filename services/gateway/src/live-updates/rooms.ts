/** A member's sockets, whichever screen they have open. */
export const memberRoom = (userId: string) => `user:${userId}`;
/** The partner's sockets on one session, joined with the link's token. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
