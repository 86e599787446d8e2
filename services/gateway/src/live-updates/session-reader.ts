import type { ConsentSession } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { type Caller, ConsentServiceProxy } from '../consent/consent-service.proxy';

/** A session as the consent service answers it for a caller: the session, refused (any 4xx), or unavailable (thrown). */
export type SessionRead = { kind: 'session'; session: ConsentSession } | { kind: 'refused' };

export class ConsentServiceUnavailable extends Error {}

/**
 * Reads one session through the consent service proxy, for a caller that is not a browser request: a partner's
 * socket (with the link's token) or a queued push (as the session's owner). The answer is the spec's session object
 * as the API gives it (phone masked by the consent service).
 */
@Injectable()
export class SessionReader {
  constructor(private readonly consent: ConsentServiceProxy) {}

  async read(sessionId: string, caller: Caller): Promise<SessionRead> {
    let answer;
    try {
      answer = await this.consent.read(`/sessions/${encodeURIComponent(sessionId)}`, caller);
    } catch (error) {
      throw new ConsentServiceUnavailable(`consent service call failed: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    if (answer.status === 200) return { kind: 'session', session: JSON.parse(answer.body.toString('utf8')) as ConsentSession };
    if (answer.status >= 400 && answer.status < 500) return { kind: 'refused' };
    throw new ConsentServiceUnavailable(`consent service answered ${answer.status}`);
  }
}
