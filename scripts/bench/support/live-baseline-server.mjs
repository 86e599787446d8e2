// bench:live's bare baseline, run as two instances: Socket.IO with the Redis adapter (as the gateway's, channels
// under REDIS_KEY) on the gateway's path and event names, nothing else. A member's client names its room in `auth`
// (no token check), a partner's joins a session's room with the join event (acknowledged, no check); POST /push
// {userId, session} emits the session to both rooms through the adapter, so it reaches the sockets of both instances.
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const { PORT, REDIS_URL, REDIS_KEY, LIVE_PATH, EVENT, JOIN_EVENT } = process.env;

const http = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/readyz') return response.writeHead(200).end();
  if (request.method !== 'POST' || request.url !== '/push') return response.writeHead(404).end();
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const { userId, session } = JSON.parse(body);
    server.to([`user:${userId}`, `session:${session.id}`]).emit(EVENT, session);
    response.writeHead(204).end();
  });
});
const publisher = new Redis(REDIS_URL);
const server = new Server(http, { path: LIVE_PATH, transports: ['websocket'], serveClient: false });
server.adapter(createAdapter(publisher, publisher.duplicate(), { key: REDIS_KEY }));
server.on('connection', (socket) => {
  if (typeof socket.handshake.auth.userId === 'string') socket.join(`user:${socket.handshake.auth.userId}`);
  socket.on(JOIN_EVENT, ({ sessionId }, ack) => {
    socket.join(`session:${sessionId}`);
    ack({ ok: true });
  });
});
http.listen(Number(PORT), '127.0.0.1', () => process.stdout.write('live baseline: listening\n'));
