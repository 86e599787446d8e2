// Live sockets as the web app keeps them: a member's (signed in) or a partner's (joined to one session with the
// link's token and the partner's credential cookie), websocket only with the app's Origin. When its gateway goes away
// the socket connects again, to the other gateway first (as a load balancer sends it to a live one), and after each
// reconnect reads its sessions once over HTTP for whatever was pushed while it was down, as the web app does. It
// records when each verdict reached it.
import { io } from 'socket.io-client';
import { sleep } from './waiting.mjs';

const SESSION_UPDATED = 'session-updated';
const JOIN_SESSION = 'join-session';
const RECONNECT_PAUSE_MS = 200;
const HANDSHAKE_TIMEOUT_MS = 5_000;

/** A verdict a screen shows: neither none yet nor the analysis still running. */
export const isVerdict = (aiVerdict) => aiVerdict !== null && aiVerdict !== undefined && aiVerdict !== 'processing';

function open(url, { origin, auth, join, cookie }) {
  return new Promise((resolve, reject) => {
    const extraHeaders = { origin, ...(cookie ? { cookie } : {}) };
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth,
      extraHeaders,
      reconnection: false,
      forceNew: true,
      timeout: HANDSHAKE_TIMEOUT_MS,
    });
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
    socket.once('connect', async () => {
      try {
        if (join) {
          const ack = await socket.timeout(HANDSHAKE_TIMEOUT_MS).emitWithAck(JOIN_SESSION, join);
          if (!ack.ok) throw new Error(`join-session refused: ${JSON.stringify(ack)}`);
        }
        resolve(socket);
      } catch (error) {
        socket.close();
        reject(error);
      }
    });
  });
}

/**
 * `auth`: {token} for a member; a partner's is {} with `join` {sessionId, token} and `cookie`, the `Cookie` header
 * holding their credential (the link's token alone joins no more once the phone is proved). `read(id)`: the session
 * as this client reads it over HTTP; `sessionIds()`: the sessions it follows; `stopped()`: true once the run is over.
 * `arrivals` maps a session id to the moments a new verdict reached this client (a push carrying the same verdict
 * again, e.g. once its text was sent, is no new verdict); a second entry is a duplicate.
 */
export function liveSocket({ gatewayUrls, origin, auth, join, cookie, read, sessionIds, stopped, onError }) {
  const arrivals = new Map();
  const seen = new Map();
  let socket;
  let gateway = 0;
  const record = (session) => {
    if (!isVerdict(session.aiVerdict) || seen.get(session.id) === session.aiVerdict) return;
    seen.set(session.id, session.aiVerdict);
    arrivals.set(session.id, [...(arrivals.get(session.id) ?? []), Date.now()]);
  };
  const readMissed = async () => {
    for (const id of sessionIds()) if (!seen.has(id)) record(await read(id));
  };
  const connect = async (reconnect) => {
    for (let attempt = 0; !stopped(); attempt += 1) {
      const index = (gateway + attempt) % gatewayUrls.length;
      try {
        socket = await open(gatewayUrls[index], { origin, auth, join, cookie });
      } catch {
        await sleep(RECONNECT_PAUSE_MS);
        continue;
      }
      gateway = index;
      socket.on(SESSION_UPDATED, record);
      socket.once('disconnect', (reason) => {
        if (reason === 'io client disconnect' || stopped()) return;
        live.reconnects += 1;
        // The other gateway first: this one's process may be gone.
        gateway = (gateway + 1) % gatewayUrls.length;
        connect(true).catch(onError);
      });
      if (reconnect) await readMissed();
      return;
    }
  };
  const live = {
    reconnects: 0,
    arrivals,
    /** The gateway this socket is on (its index in `gatewayUrls`). */
    gateway: () => gateway,
    start: () => connect(false),
    close: () => socket?.disconnect(),
  };
  return live;
}
