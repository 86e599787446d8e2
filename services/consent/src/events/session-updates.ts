import type { Transaction } from '@app/database';
import { JOBS, JobQueues, type SessionChange } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';
import { PendingPushesRepository, type PendingPush } from './pending-pushes.repository';

/**
 * A change's push job id: each change of a session is pushed once, however often it is published. A change that
 * happens once per analysis attempt (a retake offered) names its attempt: `<sessionId>.<change>.<attempt>`.
 */
export function sessionUpdateJobId(sessionId: string, change: SessionChange, attempt?: number): string {
  return attempt === undefined ? `${sessionId}.${change}` : `${sessionId}.${change}.${attempt}`;
}

/**
 * A push outlives a consent service or Postgres restart of about a minute: the gateway reads the session from the
 * consent service before it pushes, and retries each second while it cannot.
 */
const PUSH_ATTEMPTS = 60;

/**
 * Tells the gateway that a session changed, so it pushes the session to the screens watching it. A phone polls only
 * while its live socket is down, so a push must never be lost: it is written to the `pending_pushes` outbox in the
 * change's own transaction (`record`), queued once that has committed (`publish`), and removed from the outbox once
 * queued; should the process die in between, or Redis be away, `RequeuePendingPushes` queues it later. The job id
 * (`sessionUpdateJobId`) makes each change pushed once however often it is queued.
 */
@Injectable()
export class SessionUpdates {
  private readonly logger = new Logger(SessionUpdates.name);

  constructor(
    private readonly jobs: JobQueues,
    private readonly pending: PendingPushesRepository,
  ) {}

  /** Inside the transaction that makes the change. */
  async record(transaction: Transaction, session: { id: string; initiatorUserId: string }, change: SessionChange, attempt?: number): Promise<void> {
    await this.pending.insert(transaction, pushOf(session, change, attempt));
  }

  /**
   * After the commit. Never fails the caller, whose change is committed: a push that could not be queued stays in the
   * outbox for the next pass.
   */
  async publish(session: { id: string; initiatorUserId: string }, change: SessionChange, attempt?: number): Promise<void> {
    await this.send(pushOf(session, change, attempt)).catch((error: Error) =>
      this.logger.warn(`Push of session ${session.id} (${change}) not queued yet: ${error.message}`),
    );
  }

  /** Queues one pending push, then takes it out of the outbox. */
  async send(push: PendingPush): Promise<void> {
    const payload = { version: 1 as const, sessionId: push.sessionId, initiatorUserId: push.initiatorUserId, change: push.change };
    await this.jobs.enqueue(JOBS.pushSessionUpdate, payload, { jobId: push.jobId, attempts: PUSH_ATTEMPTS, backoff: { type: 'fixed', delay: 1000 } });
    await this.pending.remove(push.jobId);
  }
}

function pushOf(session: { id: string; initiatorUserId: string }, change: SessionChange, attempt?: number): PendingPush {
  return { jobId: sessionUpdateJobId(session.id, change, attempt), sessionId: session.id, initiatorUserId: session.initiatorUserId, change };
}
