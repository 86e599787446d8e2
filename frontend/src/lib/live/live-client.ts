import type { ClientToServerEvents, ServerToClientEvents } from '@app/contracts';
import { LIVE_UPDATES } from '@app/contracts/live-updates';
import type { Socket } from 'socket.io-client';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Reconnecting after a lost connection: slowly, and not for ever (the screens poll anyway). */
const RECONNECTION = { reconnectionAttempts: 10, reconnectionDelay: 2_000, reconnectionDelayMax: 30_000, randomizationFactor: 0.5 };

/**
 * Opens a socket to the gateway's live updates on this page's own origin, websocket only. socket.io-client is loaded
 * here, on demand (a chunk of its own, ~13 KB gzip), never in a page's first scripts. `authToken`: the member's stored
 * Bearer token, for browsers that keep no cookie; the cookie is sent anyway.
 */
export async function openLiveSocket(authToken: string | null): Promise<LiveSocket> {
  const { io } = await import('socket.io-client');
  return io({
    path: LIVE_UPDATES.path,
    transports: ['websocket'],
    withCredentials: true,
    ...(authToken ? { auth: { token: authToken } } : {}),
    ...RECONNECTION,
  });
}
