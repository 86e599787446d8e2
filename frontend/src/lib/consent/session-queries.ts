import { api } from '@/lib/api/api';

/**
 * The react-query keys of a session as the screens poll it, shared with the live updates that write into them. The
 * member's key is also the default query's path (GET /api/consent/sessions/{id}); the partner's has a queryFn of its
 * own, which sends the link's token.
 */
export const SESSIONS_PATH = '/api/consent/sessions';

export const memberSessionKey = (sessionId: string | undefined) => [SESSIONS_PATH, sessionId] as const;

export const partnerSessionKey = (sessionId: string) => [SESSIONS_PATH, sessionId, 'recipient'] as const;

/** The partner's own view of a session (with the speech check), read with the link's token. */
export const partnerSessionQuery = (sessionId: string, token: string) => ({ queryKey: partnerSessionKey(sessionId), queryFn: () => api.session(sessionId, token) });
