import { RedisConnection } from '@app/redis';
import {
  LIVE_RENEW_MS,
  type Observation,
  type SessionView,
  SessionViewCipher,
  SessionViewStore,
} from '@app/session-views';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CONSENT_CONFIG, type ConsentConfig } from '../config/consent-config.schema';

/** A session's two answers, as JSON, with what decides who may have them. */
export type ReadSession = Omit<SessionView, 'memberBody' | 'partnerBody'> & { memberBody: string; partnerBody: string };

/**
 * A read of a session from Postgres stores what it read in the gateway's read model (libs/session-views). Only an
 * optimisation of later reads: with Redis away, the read answers from Postgres as before and stores nothing. What
 * this process stores is answered only while it runs (its generation), so a deploy retires the old code's answers.
 */
@Injectable()
export class SessionViewFill implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(SessionViewFill.name);
  private readonly store: SessionViewStore;
  private readonly cipher: SessionViewCipher;
  private readonly generation = randomUUID();
  private renewal?: NodeJS.Timeout;

  constructor(redis: RedisConnection, @Inject(CONSENT_CONFIG) config: ConsentConfig) {
    this.store = new SessionViewStore(redis.client);
    this.cipher = new SessionViewCipher(config.INTERNAL_SERVICE_TOKEN);
  }

  onModuleInit(): void {
    // Never rejects: a renewal that fails is logged and tried again at the next interval.
    const renew = () =>
      void this.store
        .keepAlive(this.generation)
        .catch((error: Error) => this.logger.debug(`Generation not renewed: ${error.message}`));
    renew();
    this.renewal = setInterval(renew, LIVE_RENEW_MS).unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.renewal);
    await this.store
      .retire(this.generation)
      .catch((error: Error) => this.logger.debug(`Generation not retired: ${error.message}`));
  }

  /** Just before the read of Postgres; null when nothing may be filled (a change under way, or Redis away). */
  observe(sessionId: string): Promise<Observation | null> {
    return this.store.observe(sessionId).catch((error: Error) => {
      this.logger.debug(`Read model of session ${sessionId} not observed: ${error.message}`);
      return null;
    });
  }

  async fill(sessionId: string, observed: Observation | null, read: ReadSession): Promise<void> {
    if (!observed) return;
    const view = {
      ...read,
      memberBody: this.cipher.seal(read.memberBody, sessionId, 'm'),
      partnerBody: this.cipher.seal(read.partnerBody, sessionId, 'p'),
    };
    await this.store
      .fill(sessionId, observed, view, this.generation)
      .catch((error: Error) => this.logger.debug(`Read model of session ${sessionId} not filled: ${error.message}`));
  }
}
