import { type JobPayload, JOBS, OnJob } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';
import { LiveUpdatesGateway } from './live-updates.gateway';
import { SessionReader } from './session-reader';

/**
 * Consumes `push-session-update` (queue session-updates, published by the consent service after a change commits):
 * reads both views of the session from the consent service in one call: the member's, exactly what the member's API
 * answers (phone masked, no partner-only fields), and the partner's with the credential it is for, so the proved
 * phone's screen is pushed what its API answers and reads nothing; both are pushed (`LiveUpdatesGateway.push`). Any
 * error is rethrown so the job is retried; a session the consent service no longer has (deleted), or not for the
 * job's member, has nothing to push.
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
    const views = await this.sessions.pushViews(sessionId);
    // A job naming another member than the session's (never made by the consent service) pushes nothing to anyone.
    if (views?.member.initiatorUserId !== initiatorUserId) {
      this.logger.warn(
        `session ${sessionId} (${change}) not pushed: the consent service no longer has it for the job's member`,
      );
      return;
    }
    this.live.push(views.member, views.partner);
  }
}
