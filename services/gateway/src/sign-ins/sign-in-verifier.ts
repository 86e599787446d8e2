import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { CurrentMember } from './current-member.decorator';
import { LiveSignIns } from './live-sign-ins/live-sign-ins';
import { sessionClaims, sessionTokenOf, type TokenClaims } from './session-token';
import { VerifiedTokens } from './verified-tokens';

/**
 * The one way the gateway knows who is signed in, for every door: the poll (in front of the router and on its route),
 * the socket handshake and the staff pages give it the token, which it verifies once and remembers (`VerifiedTokens`);
 * the API's guards give it the claims of a token their passport-jwt strategy verified. The sign-in is checked live on
 * every use (`LiveSignIns`: Redis entries that a logout, a deletion date or a deletion marks before it commits, else
 * Postgres), so a sign-out takes effect at once on every door.
 *
 * Each method answers the member, or null for no token, a token that does not verify, or a sign-in that is no longer
 * live; it rejects when the sign-in cannot be checked (Postgres away with nothing in Redis), which is no answer about
 * it: the caller's 503, never a signed-in member told they are signed out.
 */
@Injectable()
export class SignInVerifier {
  constructor(
    private readonly tokens: VerifiedTokens,
    private readonly signIns: LiveSignIns,
  ) {}

  /** The member a request's token names (Bearer header or cookie, as every route reads it). */
  memberOf(request: Request): Promise<CurrentMember | null> {
    return this.memberOfToken(sessionTokenOf(request));
  }

  async memberOfToken(token: string | null): Promise<CurrentMember | null> {
    const claims = token ? this.tokens.claimsOf(token) : null;
    return claims ? this.live(claims) : null;
  }

  /** The member of a token passport-jwt has verified (the API's guards): its claims checked, its sign-in live. */
  async memberOfVerified(payload: unknown): Promise<CurrentMember | null> {
    const claims = sessionClaims(payload);
    return claims ? this.live(claims) : null;
  }

  private async live(claims: TokenClaims): Promise<CurrentMember | null> {
    return (await this.signIns.isLive(claims)) ? { userId: claims.sub, signInId: claims.sid } : null;
  }
}
