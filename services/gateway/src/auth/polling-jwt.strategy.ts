import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-jwt';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import type { TokenClaims } from './auth.service';
import { sessionTokenOptions } from './jwt.strategy';
import { LiveSignIns } from './live-sign-ins/live-sign-ins';

/** The member a poll's sign-in names: their id only, which is all the poll needs. */
export interface PollingMember {
  userId: string;
  sessionId: string;
}

/**
 * `JwtStrategy` for the poll every open screen repeats: the same token check, then whether its sign-in is live from the
 * live sign-ins' read model (`LiveSignIns`) rather than a query of Postgres each time.
 */
@Injectable()
export class PollingJwtStrategy extends PassportStrategy(Strategy, 'jwt-poll') {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly signIns: LiveSignIns,
  ) {
    super(sessionTokenOptions(config));
  }

  async validate(claims: TokenClaims): Promise<PollingMember | false> {
    if (typeof claims?.sub !== 'string' || typeof claims?.sid !== 'string') return false;
    const userId = await this.signIns.memberOf(claims);
    return userId ? { userId, sessionId: claims.sid } : false;
  }
}
