// One of bench:live's client processes (forked, driven over IPC): opens its share of the phones' Socket.IO clients, a
// member's (signed in through `auth`, in the member's room) or a partner's (joined to one session's room, its
// handshake carrying the credential cookie once the phone is proved), and notes, for every event, whether the socket
// follows that session, and the first arrival of each session's verdict.
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { importTypeScript } from './typescript.mjs';

const { misdelivered } = await importTypeScript('./live-deliveries.ts', import.meta.url);

/** Handshakes in flight at once per process: a burst of thousands would overflow the listen backlog. */
const CONNECTING_AT_ONCE = 100;
const CONNECT_TIMEOUT_MS = 60_000;
/** A join the gateway refused because its call to the consent service failed is asked again, as a phone would. */
const JOIN_TRIES = 3;
const JOIN_RETRY_MS = 200;

/** Each client: its socket, the session it follows and the session ids of every event it received. */
let clients = [];
let arrivals = [];
let joinRetries = 0;

const now = () => performance.timeOrigin + performance.now();

/** Opens one client and resolves once it is in its room; its events are checked against the session it follows. */
async function open({ url, kind, auth, join, cookie, sessionId }, live) {
  const socket = io(url, {
    path: live.path,
    transports: ['websocket'],
    auth,
    extraHeaders: { origin: live.origin, ...(cookie ? { cookie } : {}) },
    reconnection: false,
    forceNew: true,
    timeout: CONNECT_TIMEOUT_MS,
  });
  const received = [];
  clients.push({ socket, sessionId, received });
  let arrived = false;
  socket.on(live.event, (session) => {
    const at = now();
    received.push(session.id);
    if (!arrived && session.id === sessionId && session.aiVerdict !== null && session.aiVerdict !== 'processing') {
      arrived = true;
      arrivals.push({ sessionId, socket: kind, at });
    }
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', (error) => reject(new Error(`${kind} socket refused: ${error.message}`)));
  });
  if (join) await joinRoom(socket, live.joinEvent, join);
}

async function joinRoom(socket, event, join) {
  for (let tries = 1; ; tries += 1) {
    const ack = await socket.timeout(CONNECT_TIMEOUT_MS).emitWithAck(event, join);
    if (ack?.ok) return;
    if (ack?.code !== 'service_unavailable' || tries === JOIN_TRIES)
      throw new Error(`join refused: ${JSON.stringify(ack)}`);
    joinRetries += 1;
    await new Promise((resolve) => setTimeout(resolve, JOIN_RETRY_MS));
  }
}

async function connectAll({ clients: wanted, live }) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(CONNECTING_AT_ONCE, wanted.length) }, async () => {
    while (next < wanted.length) await open(wanted[next++], live);
  });
  await Promise.all(lanes);
}

const handlers = {
  async connect(message) {
    await connectAll(message);
    return { connected: clients.filter(({ socket }) => socket.connected).length, joinRetries };
  },
  async collect() {
    return {
      arrivals,
      events: clients.reduce((sum, { received }) => sum + received.length, 0),
      misdelivered: clients.reduce(
        (sum, { sessionId, received }) => sum + misdelivered(received, new Set([sessionId])),
        0,
      ),
      disconnected: clients.filter(({ socket }) => !socket.connected).length,
    };
  },
  async close() {
    for (const { socket } of clients) socket.disconnect();
    clients = [];
    arrivals = [];
    joinRetries = 0;
    return {};
  },
};

process.on('message', ({ id, type, ...message }) => {
  handlers[type](message).then(
    (answer) => process.send({ id, ok: true, ...answer }),
    (error) => process.send({ id, ok: false, error: error.message }),
  );
});
process.on('disconnect', () => process.exit(0));
