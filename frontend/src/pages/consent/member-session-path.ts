/** The member's screen of one session: where /consent/new moves to once the session exists, so a reload keeps it. */
export const MEMBER_SESSION_ROUTE = '/consent/sessions/:id';

export const memberSessionPath = (sessionId: string) => `/consent/sessions/${encodeURIComponent(sessionId)}`;

/** 'Request another check in' reaches /consent/new with this state: the new session comes after the spec's delay. */
export interface NewSessionState {
  delayMs: number;
}
