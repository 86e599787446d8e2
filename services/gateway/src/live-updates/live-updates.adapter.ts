import { API_ERRORS, LIVE_AUDIO, LIVE_UPDATES } from '@app/contracts';
import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import type { IncomingMessage } from 'node:http';
import type { Server, ServerOptions } from 'socket.io';
import type { GatewayConfig } from '../config/gateway-config.schema';
import { appOrigins, isCrossSite } from '../http/cross-site-request-guard';

/**
 * A client sends nothing bigger than one chunk of a live take's audio: Socket.IO sends its bytes as a websocket
 * message of their own (after a short text message naming the event), and a join or take request is far smaller. The
 * 1 KB over the chunk is room for framing; a bigger message closes the socket before any handler sees it.
 */
const MAX_MESSAGE_BYTES = LIVE_AUDIO.maxChunkBytes + 1024;

/**
 * Socket.IO on the gateway's own HTTP server, at LIVE_UPDATES.path, websocket transport only (no long-polling
 * fallback: the screens poll the API anyway). A handshake from another origin is refused by the cross-site rule of
 * the API (`isCrossSite`, foreign origins always), so no foreign page can open a socket with the member's cookie.
 * Rooms are shared across gateway instances through Redis (`@socket.io/redis-adapter`, channels under REDIS_PREFIX),
 * so an emit from any instance reaches the sockets of every instance.
 */
export class LiveUpdatesAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly config: Pick<
      GatewayConfig,
      'PUBLIC_URL' | 'ALLOWED_ORIGINS' | 'TRUST_PROXY_HOPS' | 'REDIS_URL' | 'REDIS_PREFIX'
    >,
  ) {
    super(app);
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    const ownOrigins = appOrigins(this.config);
    const server = super.createIOServer(port, {
      ...options,
      path: LIVE_UPDATES.path,
      transports: ['websocket'],
      serveClient: false,
      maxHttpBufferSize: MAX_MESSAGE_BYTES,
      allowRequest: (
        request: IncomingMessage,
        answer: (error: string | null | undefined, success: boolean) => void,
      ) => {
        const refused = isCrossSite(request, ownOrigins, { refuseForeignOrigin: true });
        answer(refused ? API_ERRORS.crossSiteRequest.message : null, !refused);
      },
    }) as Server;
    // Pub/sub connections of their own: a subscribed connection can do nothing else. Channels are not keys, so
    // ioredis's keyPrefix would not apply: the prefix goes into the adapter's key instead.
    const publisher = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: 2 });
    const subscriber = publisher.duplicate();
    this.clients.push(publisher, subscriber);
    server.adapter(createAdapter(publisher, subscriber, { key: `${this.config.REDIS_PREFIX}socket.io` }));
    return server;
  }

  /** After the servers closed (which unsubscribes their adapters), the Redis connections go. */
  async dispose(): Promise<void> {
    await Promise.all(this.clients.splice(0).map((client) => client.quit().catch(() => client.disconnect())));
  }
}
