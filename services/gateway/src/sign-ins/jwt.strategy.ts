import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-jwt';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import type { CurrentMember } from './current-member.decorator';
import { SESSION_TOKEN_ALGORITHMS, sessionTokenKey, sessionTokenOf } from './session-token';
import { SignInVerifier } from './sign-in-verifier';

/**
 * The API guards' passport strategy: passport-jwt reads the token (Bearer header or httpOnly cookie) and verifies it
 * (the key, HS256, expiry enforced), then hands its claims to `SignInVerifier`, which checks the sign-in is live.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly verifier: SignInVerifier,
  ) {
    super({
      jwtFromRequest: sessionTokenOf,
      // passport-jwt passes the key on to jsonwebtoken untouched; its typings only list string | Buffer.
      secretOrKey: sessionTokenKey(config) as unknown as Buffer,
      algorithms: SESSION_TOKEN_ALGORITHMS,
      ignoreExpiration: false,
    });
  }

  async validate(claims: unknown): Promise<CurrentMember | false> {
    return (await this.verifier.memberOfVerified(claims)) ?? false;
  }
}
