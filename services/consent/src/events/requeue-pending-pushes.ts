import { PeriodicRequeue } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';
import { PendingPushesRepository } from './pending-pushes.repository';
import { SessionUpdates } from './session-updates';

/** Pushes queued per pass at most; the rest wait for the next pass. */
const BATCH = 500;
/** Often, unlike the other passes: a screen with its live socket up waits for this push and does not poll. */
const INTERVAL_MS = 2_000;

/** Queues the pushes left in the outbox (the process died after a commit, or Redis was away): at start, then every 2 s. */
@Injectable()
export class RequeuePendingPushes extends PeriodicRequeue {
  constructor(
    private readonly pending: PendingPushesRepository,
    private readonly updates: SessionUpdates,
  ) {
    super(new Logger(RequeuePendingPushes.name), 'session pushes', 'Queued', INTERVAL_MS);
  }

  protected async requeue(): Promise<number> {
    const pushes = await this.pending.oldest(BATCH);
    for (const push of pushes) await this.updates.send(push);
    return pushes.length;
  }
}
