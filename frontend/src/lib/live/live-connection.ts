import { useQuery, type QueryClient } from '@tanstack/react-query';

// Kept apart from the socket's code, so the partner's first scripts can read it before that code has loaded.
const liveKey = (sessionId: string) => ['live', sessionId] as const;

/** Written by the live socket: up (connected, and for the partner joined to the session's room) or not. */
export function setLiveConnected(client: QueryClient, sessionId: string, connected: boolean): void {
  client.setQueryData(liveKey(sessionId), connected);
}

/** Whether a session's live socket is up: the screens poll every 2 s only while it is not. */
export function useLiveConnected(sessionId: string): boolean {
  return useQuery({ queryKey: liveKey(sessionId), enabled: false, initialData: false }).data;
}
