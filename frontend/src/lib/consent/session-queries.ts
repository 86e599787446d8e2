import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';

/**
 * The react-query keys of a session as the screens poll it, shared with the live updates that write into them, and
 * whether the live socket is up (the screens poll only while it is not). The
 * member's key is also the default query's path (GET /api/consent/sessions/{id}); the partner's has a queryFn of its
 * own, which sends the link's token.
 */
export const SESSIONS_PATH = '/api/consent/sessions';

export const memberSessionKey = (sessionId: string | undefined) => [SESSIONS_PATH, sessionId] as const;

export const partnerSessionKey = (sessionId: string) => [SESSIONS_PATH, sessionId, 'recipient'] as const;

/** The partner's own view of a session (with the speech check), read with the link's token. */
export const partnerSessionQuery = (sessionId: string, token: string) => ({
  queryKey: partnerSessionKey(sessionId),
  queryFn: () => api.session(sessionId, token),
});

const liveKey = (sessionId: string) => ['live', sessionId] as const;

/** Written by the live socket: up (connected, and for the partner joined to the session's room) or not. */
export function setLiveConnected(client: QueryClient, sessionId: string, connected: boolean): void {
  client.setQueryData(liveKey(sessionId), connected);
}

/** Whether a session's live socket is up: the screens poll every 2 s only while it is not. */
export function useLiveConnected(sessionId: string): boolean {
  return useQuery({ queryKey: liveKey(sessionId), enabled: false, initialData: false }).data;
}
