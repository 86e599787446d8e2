import type { ConsentSession, SessionPushViews } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { type Caller, ConsentServiceProxy } from '../consent/consent-service.proxy';

/** A session as the consent service answers it for a caller: the session, refused (any 4xx), or unavailable (thrown). */
export type SessionRead = { kind: 'session'; session: ConsentSession } | { kind: 'refused' };

export class ConsentServiceUnavailable extends Error {}

/** A push's own read: no member, no partner, no client. */
const PUSH_CALLER: Caller = { actorUserId: null, recipientToken: null, clientIp: null };

/**
 * Reads one session through the consent service proxy, for a caller that is not a browser request: a partner's
 * socket (with the link's token) or a queued push (the member's view, and the partner's for the proved phone). The answer is the spec's session object as the API gives it (phone masked by the consent service).
 */
@Injectable()
export class SessionReader {
  constructor(private readonly consent: ConsentServiceProxy) {}

  async read(sessionId: string, caller: Caller): Promise<SessionRead> {
    const session = await this.get<ConsentSession>(`/sessions/${encodeURIComponent(sessionId)}`, caller);
    return session ? { kind: 'session', session } : { kind: 'refused' };
  }

  /**
   * A push's views from one read: the member's, and the partner's with the one credential it is for (the consent
   * service decides); null when the session is gone.
   */
  pushViews(sessionId: string): Promise<SessionPushViews | null> {
    return this.get<SessionPushViews>(`/sessions/${encodeURIComponent(sessionId)}/push-views`, PUSH_CALLER);
  }

  /** The answer's JSON, or null when refused (any 4xx). */
  private async get<T>(path: string, caller: Caller): Promise<T | null> {
    let answer;
    try {
      answer = await this.consent.read(path, caller);
    } catch (error) {
      throw new ConsentServiceUnavailable(
        `consent service call failed: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
    if (answer.status === 200) return JSON.parse(answer.body.toString('utf8')) as T;
    if (answer.status >= 400 && answer.status < 500) return null;
    throw new ConsentServiceUnavailable(`consent service answered ${answer.status}`);
  }
}
