import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { sessionTokenOf } from '../jwt.strategy';
import { LiveSignIns } from '../live-sign-ins/live-sign-ins';
import { VerifiedTokens } from './verified-tokens';

/** The member a poll's sign-in names: their id only, which is all the poll needs. */
export interface PollingMember {
  userId: string;
  sessionId: string;
}

/**
 * Who polls a session: the member whose live sign-in the request presents (Bearer header or cookie, as every route
 * reads it), checked on every poll from the live sign-ins (`LiveSignIns`) rather than a query of Postgres each time.
 */
@Injectable()
export class PollingMembers {
  constructor(
    private readonly tokens: VerifiedTokens,
    private readonly signIns: LiveSignIns,
  ) {}

  /**
   * The member, or null: no token, a token that does not verify, or a sign-in that is no longer live. Rejects when the
   * sign-in cannot be checked (Postgres away, nothing in Redis), which is no answer about it.
   */
  async of(request: Request): Promise<PollingMember | null> {
    const token = sessionTokenOf(request);
    const claims = token ? this.tokens.claimsOf(token) : null;
    if (!claims) return null;
    const userId = await this.signIns.memberOf(claims);
    return userId ? { userId, sessionId: claims.sid } : null;
  }
}
