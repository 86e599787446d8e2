import { JOBS, JobQueues, type SessionChange } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';

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
export class SessionUpdates {
  private readonly logger = new Logger(SessionUpdates.name);

  constructor(private readonly jobs: JobQueues) {}

  /**
   * Never fails the caller: the change is committed already, and the screens' 2 s polling shows it should the push be
   * lost (Redis away), so a failure is only logged.
   */
  async publish(session: { id: string; initiatorUserId: string }, change: SessionChange, attempt?: number): Promise<void> {
    const payload = { version: 1 as const, sessionId: session.id, initiatorUserId: session.initiatorUserId, change };
    const jobId = sessionUpdateJobId(session.id, change, attempt);
    await this.jobs.enqueue(JOBS.pushSessionUpdate, payload, { jobId, attempts: 3, backoff: { type: 'fixed', delay: 500 } }).catch(
      (error: Error) => this.logger.warn(`Push of session ${session.id} (${change}) not queued: ${error.message}`),
    );
  }
}
