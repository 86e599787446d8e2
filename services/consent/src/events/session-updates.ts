import { addJob, createQueue, JOBS, QUEUES, queueWiringFromUrl, type SessionChange } from '@app/queue';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';

/**
 * A change's push job id: each change of a session is pushed once, however often it is published. A change that
 * happens once per analysis attempt (a retake offered) names its attempt: `<sessionId>.<change>.<attempt>`.
 */
export function sessionUpdateJobId(sessionId: string, change: SessionChange, attempt?: number): string {
  return attempt === undefined ? `${sessionId}.${change}` : `${sessionId}.${change}.${attempt}`;
}

/**
 * Tells the gateway that a session changed, so it pushes the session to the screens watching it. Published after the
 * change commits; the job id (`sessionUpdateJobId`) makes each change pushed once however often it is published.
 */
@Injectable()
export class SessionUpdates implements OnApplicationShutdown {
  private readonly logger = new Logger(SessionUpdates.name);
  readonly queue: Queue;

  constructor(@Inject(CONSENT_CONFIG) config: ConsentConfig) {
    this.queue = createQueue(QUEUES.sessionUpdates, queueWiringFromUrl(config.REDIS_URL, config.REDIS_PREFIX));
    this.queue.on('error', (error) => this.logger.warn(`session-updates queue: ${error.message}`));
  }

  /**
   * Never fails the caller: the change is committed already, and the screens' 2 s polling shows it should the push be
   * lost (Redis away), so a failure is only logged.
   */
  async publish(session: { id: string; initiatorUserId: string }, change: SessionChange, attempt?: number): Promise<void> {
    const payload = { version: 1 as const, sessionId: session.id, initiatorUserId: session.initiatorUserId, change };
    const jobId = sessionUpdateJobId(session.id, change, attempt);
    await addJob(this.queue, JOBS.pushSessionUpdate, payload, { jobId, attempts: 3, backoff: { type: 'fixed', delay: 500 } }).catch(
      (error: Error) => this.logger.warn(`Push of session ${session.id} (${change}) not queued: ${error.message}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
