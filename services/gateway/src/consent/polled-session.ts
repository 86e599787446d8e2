import { RedisConnection } from '@app/redis';
import { answerFromView, bodyFor, type PollingCaller, SessionViewCipher, SessionViewStore } from '@app/session-views';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { RecentlyUsed } from '../cache/recently-used';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.schema';

const POLL_PATH = /^\/api\/consent\/sessions\/([^/?]+)(?:\?|$)/;
/** The poll's route, as the request metrics name it whichever way it was answered. */
export const POLL_ROUTE = '/api/consent/sessions/:id';

/** The id a poll (`GET /api/consent/sessions/{id}`) names in its path as sent, or null for any other request. */
export function polledSessionId(request: IncomingMessage): string | null {
  return request.method === 'GET' ? (POLL_PATH.exec(request.url ?? '')?.[1] ?? null) : null;
}

/** Whether a request is that poll: its successful answers are not logged line by line. */
export function isSessionPoll(request: IncomingMessage): boolean {
  return polledSessionId(request) !== null;
}

/** About 3 MB of bodies: the sessions being watched at once on one gateway. */
const RECENT_BODIES = 2_000;

/**
 * The poll every open screen makes (`GET /api/consent/sessions/{id}`), answered from the consent service's read model
 * in Redis when it holds a view it may be answered from (libs/session-views says when); otherwise the consent
 * service answers, and fills the read model for the next poll.
 */
@Injectable()
export class PolledSession {
  private readonly logger = new Logger(PolledSession.name);
  private readonly store: SessionViewStore;
  private readonly cipher: SessionViewCipher;
  private readonly recent = new RecentlyUsed<string, Buffer>(RECENT_BODIES);

  constructor(redis: RedisConnection, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.store = new SessionViewStore(redis.client);
    this.cipher = new SessionViewCipher(config.INTERNAL_SERVICE_TOKEN);
  }

  /**
   * The JSON to answer, or null to ask the consent service: also when Redis is away (the poll works without it) and
   * when a stored body does not open (sealed with another key, altered).
   */
  async answer(sessionId: string, caller: PollingCaller): Promise<Buffer | null> {
    try {
      const reader = bodyFor(caller);
      const view = await this.store.read(sessionId, reader);
      const sealed = view && answerFromView(view, caller, Date.now());
      return (
        sealed && this.opened(`${sessionId}:${reader}:${view.fill}`, () => this.cipher.open(sealed, sessionId, reader))
      );
    } catch (error) {
      this.logger.debug(`Read model of session ${sessionId} not read: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * The bodies opened lately, by fill: each screen polls the same fill again and again until the session changes, and
   * opening (a cipher context per call) took 8% of the gateway's busy time.
   */
  private opened(fill: string, open: () => Buffer): Buffer {
    const known = this.recent.get(fill);
    if (known) return known;
    const body = open();
    this.recent.set(fill, body);
    return body;
  }
}
