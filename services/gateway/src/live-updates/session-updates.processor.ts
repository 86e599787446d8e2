import { JOBS, OnJob, type JobPayload } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';
import { LiveUpdatesGateway } from './live-updates.gateway';
import { SessionReader } from './session-reader';

/**
 * Consumes `push-session-update` (queue session-updates, published by the consent service after a change commits):
 * reads the session from the consent service as its owner, so it is exactly what the member's API answers (phone
 * masked, no partner-only fields), and pushes it to the member's and the partner's rooms (the partner's screen reads
 * its own view on any push). Any error is rethrown so the job is retried; a
 * session the consent service no longer shows its owner (deleted) has nothing left to push.
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
    const read = await this.sessions.read(sessionId, { actorUserId: initiatorUserId, recipientToken: null, clientIp: null });
    if (read.kind === 'refused') {
      this.logger.warn(`session ${sessionId} (${change}) not pushed: the consent service no longer shows it to its owner`);
      return;
    }
    this.live.push(read.session);
  }
}
