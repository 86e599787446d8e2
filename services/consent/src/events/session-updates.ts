import type { Transaction } from '@app/database';
import { jobIdOf, JobQueues, JOBS, type SessionChange } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';
import { type PendingPush, PendingPushesRepository } from './pending-pushes.repository';

/**
 * Tells the gateway that a session changed, so it pushes the session to the screens watching it. A phone polls only
 * while its live socket is down, so a push must never be lost: it is written to the `pending_pushes` outbox in the
 * change's own transaction (`record`), queued once that has committed (`publish`), and removed from the outbox once
 * queued; should the process die in between, or Redis be away, `RequeuePendingPushes` queues it later. The job id
 * (the job table's: `<sessionId>.<change>`, a retake's offer `.<attempt>` after it) makes each change pushed once
 * however often it is queued. The attempt is passed only for a change that happens once per analysis attempt.
 */
@Injectable()
export class SessionUpdates {
  private readonly logger = new Logger(SessionUpdates.name);

  constructor(
    private readonly jobs: JobQueues,
    private readonly pending: PendingPushesRepository,
  ) {}

  /** Inside the transaction that makes the change. */
  async record(
    transaction: Transaction,
    session: { id: string; initiatorUserId: string },
    change: SessionChange,
    attempt?: number,
  ): Promise<void> {
    await this.pending.insert(transaction, pushOf(session, change, attempt));
  }

  /**
   * After the commit. Never fails the caller, whose change is committed: a push that could not be queued stays in the
   * outbox for the next pass.
   */
  async publish(
    session: { id: string; initiatorUserId: string },
    change: SessionChange,
    attempt?: number,
  ): Promise<void> {
    await this.send(pushOf(session, change, attempt)).catch((error: Error) =>
      this.logger.warn(`Push of session ${session.id} (${change}) not queued yet: ${error.message}`),
    );
  }

  /** Queues one pending push, then takes it out of the outbox. */
  async send(push: PendingPush): Promise<void> {
    const { jobId, ...payload } = push;
    await this.jobs.enqueue(JOBS.pushSessionUpdate, { version: 2, ...payload });
    await this.pending.remove(jobId);
  }
}

function pushOf(
  session: { id: string; initiatorUserId: string },
  change: SessionChange,
  attempt?: number,
): PendingPush {
  const push = {
    sessionId: session.id,
    initiatorUserId: session.initiatorUserId,
    change,
    ...(attempt !== undefined && { attempt }),
  };
  return { jobId: jobIdOf(JOBS.pushSessionUpdate, push), ...push };
}
