import { assertOneHandlerPerJob, createWorker, JOBS, type JobPayload, QUEUES, queueWiringFromUrl } from '@app/queue';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { LiveUpdatesGateway } from './live-updates.gateway';
import { SessionReader } from './session-reader';

/** Pushes are one small read and one emit each: a few at a time keep the consent service's connection pool calm. */
const CONCURRENCY = 4;

/**
 * Consumes `push-session-update` (queue session-updates, published by the consent service after a change commits):
 * reads the session from the consent service as its owner, so it is exactly what the member's API answers (phone
 * masked, no partner-only fields), and pushes it to the member's and the partner's rooms (a retake offered: the
 * partner's only; its screen reads its own view on any push). Any error is rethrown so the job is retried; a
 * session the consent service no longer shows its owner (deleted) has nothing left to push.
 */
@Injectable()
export class SessionUpdatesProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SessionUpdatesProcessor.name);
  private worker?: Worker;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly sessions: SessionReader,
    private readonly live: LiveUpdatesGateway,
  ) {}

  onApplicationBootstrap(): void {
    assertOneHandlerPerJob(QUEUES.sessionUpdates, [JOBS.pushSessionUpdate]);
    const wiring = queueWiringFromUrl(this.config.REDIS_URL, this.config.REDIS_PREFIX);
    this.worker = createWorker(JOBS.pushSessionUpdate, (payload) => this.push(payload), wiring, { concurrency: CONCURRENCY });
    this.worker.on('error', (error) => this.logger.warn(`session-updates worker: ${error.message}`));
  }

  /** Before the application's connections close (onApplicationShutdown): no job is left half done. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }

  async push({ sessionId, initiatorUserId, change }: JobPayload<typeof JOBS.pushSessionUpdate>): Promise<void> {
    const read = await this.sessions.read(sessionId, { actorUserId: initiatorUserId, recipientToken: null, clientIp: null });
    if (read.kind === 'refused') {
      this.logger.warn(`session ${sessionId} (${change}) not pushed: the consent service no longer shows it to its owner`);
      return;
    }
    this.live.push(read.session, change);
  }
}
