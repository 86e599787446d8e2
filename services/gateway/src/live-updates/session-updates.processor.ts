import { JOBS, OnJob, type JobPayload } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';
import { LiveUpdatesGateway } from './live-updates.gateway';
import { SessionReader } from './session-reader';

/**
 * Consumes `push-session-update` (queue session-updates, published by the consent service after a change commits):
 * reads the session from the consent service as its owner, so it is exactly what the member's API answers (phone
 * masked, no partner-only fields), and the partner's view with the credential it is for, so the proved phone's screen
 * is pushed what its API answers and reads nothing; both are pushed (`LiveUpdatesGateway.push`). Any error is
 * rethrown so the job is retried; a session the consent service no longer shows its owner (deleted) has nothing left
 * to push.
 */
@Injectable()
export class SessionUpdatesProcessor {
  private readonly logger = new Logger(SessionUpdatesProcessor.name);

  constructor(
    private readonly sessions: SessionReader,
    private readonly live: LiveUpdatesGateway,
  ) {}

  @OnJob(JOBS.pushSessionUpdate)
  async push({ sessionId, initiatorUserId, change }: JobPayload<typeof JOBS.pushSessionUpdate>): Promise<void> {
    // Both at once: the push waits for one round trip, not two.
    const [read, partner] = await Promise.all([
      this.sessions.read(sessionId, { actorUserId: initiatorUserId, recipientToken: null, clientIp: null }),
      this.sessions.partnerPushView(sessionId),
    ]);
    if (read.kind === 'refused') {
      this.logger.warn(`session ${sessionId} (${change}) not pushed: the consent service no longer shows it to its owner`);
      return;
    }
    this.live.push(read.session, partner);
  }
}
