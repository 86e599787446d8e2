import { Inject, Injectable } from '@nestjs/common';
import { verify } from 'jsonwebtoken';
import type { KeyObject } from 'node:crypto';
import { RecentlyUsed } from '../cache/recently-used';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { SESSION_TOKEN_ALGORITHMS, sessionClaims, sessionTokenKey, type VerifiedClaims } from './session-token';

/** Every screen open at once on one gateway, a member's token each, with room to spare (about 600 bytes each). */
const CAPACITY = 10_000;

/**
 * Session tokens as `SignInVerifier` checks them: verified as the passport strategy verifies them (the key, HS256,
 * expiry), and remembered by their exact text once they passed, since a screen presents the same token every 2 s and
 * its verification (two decodes and an HMAC) was a third of the gateway's CPU per member poll. A remembered token is
 * refused once its expiry comes, as a fresh verification would refuse it; a token that failed is never remembered.
 * Whether its sign-in is still live is not a property of the token: the caller checks that on every use.
 */
@Injectable()
export class VerifiedTokens {
  private readonly key: KeyObject;
  private readonly recent = new RecentlyUsed<string, VerifiedClaims>(CAPACITY);

  constructor(@Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'JWT_SECRET'>) {
    this.key = sessionTokenKey(config);
  }

  /** The claims of a token that verifies at `now` and names a member and a sign-in, else null. */
  claimsOf(token: string, now = Date.now()): VerifiedClaims | null {
    const seconds = Math.floor(now / 1000);
    const known = this.recent.get(token);
    if (known) {
      if (seconds < known.exp) return known;
      this.recent.delete(token);
      return null;
    }
    const claims = this.verified(token, seconds);
    if (claims) this.recent.set(token, claims);
    return claims;
  }

  private verified(token: string, seconds: number): VerifiedClaims | null {
    let payload: unknown;
    try {
      payload = verify(token, this.key, { algorithms: SESSION_TOKEN_ALGORITHMS, clockTimestamp: seconds });
    } catch {
      return null;
    }
    return sessionClaims(payload);
  }
}
