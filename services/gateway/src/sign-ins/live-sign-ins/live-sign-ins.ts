import { RedisConnection } from '@app/redis';
import { CLOCK_MARGIN_MS } from '@app/session-views';
import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AuthSessionsRepository } from '../auth-sessions.repository';
import type { TokenClaims } from '../session-token';
import { LiveSignInStore, type SignInFacts } from './live-sign-in.store';

/** Which sign-ins a change can end: one (a sign-out) or all of a member's (their account's deletion date, its deletion). */
export type SignInChange = { signInId: string } | { userId: string };

/**
 * Whether a member's sign-in is live, for every request, socket and poll (`SignInVerifier`): from the read model in
 * Redis when it holds an entry it may be answered from, else from Postgres (which fills the entry). A change that can
 * end sign-ins goes through `ending`, so the read model never says live after Postgres stopped saying it.
 */
@Injectable()
export class LiveSignIns {
  private readonly logger = new Logger(LiveSignIns.name);
  private readonly store: LiveSignInStore;

  constructor(
    redis: RedisConnection,
    private readonly sessions: AuthSessionsRepository,
  ) {
    this.store = new LiveSignInStore(redis.client);
  }

  /**
   * Whether a verified token's sign-in is live. Redis away costs a read of Postgres; Postgres away is an error (no
   * verdict on the sign-in).
   */
  async isLive(claims: TokenClaims): Promise<boolean> {
    const stored = await this.store.read(claims.sid, claims.sub).catch((error: Error) => this.skipped('read', error));
    if (stored && liveFor(stored, claims, Date.now())) return true;
    const observed = await this.store
      .observe(claims.sid, claims.sub)
      .catch((error: Error) => this.skipped('observe', error));
    const facts = await this.sessions.liveFacts(claims);
    if (!facts) return false;
    if (observed)
      await this.store.fill(claims.sid, observed, facts).catch((error: Error) => this.skipped('fill', error));
    return true;
  }

  /**
   * Runs a change that can end sign-ins, their entries marked before it commits and released after: if Redis cannot
   * be told, the change is not made (it throws), since an entry it left alone could answer for a sign-in it ended.
   */
  async ending<T>(change: SignInChange, commit: () => Promise<T>): Promise<T> {
    const owner = randomUUID();
    if ('signInId' in change) await this.store.markSignIn(change.signInId, owner);
    else await this.store.markMember(change.userId, owner);
    try {
      return await commit();
    } finally {
      const released =
        'signInId' in change
          ? this.store.releaseSignIn(change.signInId, owner)
          : this.store.settleMember(change.userId, owner);
      // Unreleased, the mark lapses by itself (`PENDING_TTL_MS`); meanwhile these sign-ins are checked in Postgres.
      await released.catch((error: Error) => this.skipped('release', error));
    }
  }

  private skipped(step: string, error: Error): null {
    this.logger.debug(`Live sign-ins: ${step} skipped: ${error.message}`);
    return null;
  }
}

/** Stored facts that still say live, with a margin for the clocks of the hosts that wrote and compare them. */
function liveFor(facts: SignInFacts, claims: TokenClaims, now: number): boolean {
  const until = Math.min(facts.expiresAt.getTime(), facts.accountDeletionDate?.getTime() ?? Infinity);
  return facts.userId === claims.sub && now + CLOCK_MARGIN_MS < until;
}
