import type { ClientToServerEvents, ServerToClientEvents } from '@app/contracts';
import { LIVE_UPDATES } from '@app/contracts/live-updates';
import type { Socket } from 'socket.io-client';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Reconnecting after a lost connection: slowly, and not for ever (the screens poll anyway). */
const RECONNECTION = {
  reconnectionAttempts: 10,
  reconnectionDelay: 2_000,
  reconnectionDelayMax: 30_000,
  randomizationFactor: 0.5,
};

let client: Promise<typeof import('socket.io-client')> | undefined;
/** One load shared by every caller (StrictMode opens twice at once; vitest's module mock must see one import). */
const loadClient = () =>
  (client ??= import('socket.io-client').catch((error: unknown) => {
    client = undefined; // a chunk that failed to load is tried again next time
    throw error;
  }));

/**
 * Opens a socket to the gateway's live updates on this page's own origin, websocket only. socket.io-client is loaded
 * here, on demand (a chunk of its own, ~13 KB gzip), never in a page's first scripts. `authToken`: the member's stored
 * Bearer token, for browsers that keep no cookie; the cookie is sent anyway.
 */
export async function openLiveSocket(authToken: string | null): Promise<LiveSocket> {
  const { io } = await loadClient();
  return io({
    path: LIVE_UPDATES.path,
    transports: ['websocket'],
    withCredentials: true,
    ...(authToken ? { auth: { token: authToken } } : {}),
    ...RECONNECTION,
  });
}
