import { RedisConnection } from '@app/redis';
import { answerFromView, bodyFor, SessionViewStore, type PollingCaller } from '@app/session-views';
import { Injectable, Logger } from '@nestjs/common';

/**
 * The poll every open screen makes (`GET /api/consent/sessions/{id}`), answered from the consent service's read model
 * in Redis when it holds a view it may be answered from (libs/session-views says when); otherwise the consent
 * service answers, and fills the read model for the next poll.
 */
@Injectable()
export class PolledSession {
  private readonly logger = new Logger(PolledSession.name);
  private readonly store: SessionViewStore;

  constructor(redis: RedisConnection) {
    this.store = new SessionViewStore(redis.client);
  }

  /** The JSON to answer, or null to ask the consent service (also when Redis is away: the poll still works without it). */
  async answer(sessionId: string, caller: PollingCaller): Promise<Buffer | null> {
    try {
      const view = await this.store.read(sessionId, bodyFor(caller));
      return view && answerFromView(view, caller, Date.now());
    } catch (error) {
      this.logger.debug(`Read model of session ${sessionId} not read: ${(error as Error).message}`);
      return null;
    }
  }
}
