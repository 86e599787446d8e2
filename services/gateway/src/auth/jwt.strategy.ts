import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import type { Algorithm } from 'jsonwebtoken';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { ExtractJwt, Strategy, type StrategyOptions } from 'passport-jwt';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import type { User } from '../users/user.entity';
import { AuthService, TokenClaims } from './auth.service';
import { SESSION_COOKIE } from './session-cookie';

export interface AuthenticatedRequestUser {
  user: User;
  sessionId: string;
}

function fromCookie(request: Request): string | null {
  const value: unknown = request.cookies?.[SESSION_COOKIE];
  return typeof value === 'string' && value ? value : null;
}

/** The session token a request presents, from the Bearer header (the spec's client) or the httpOnly cookie. */
export const sessionTokenOf = ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), fromCookie]);

/** The only algorithm a session token may be signed with (AuthService signs with JWT_SECRET, HS256). */
export const SESSION_TOKEN_ALGORITHMS: Algorithm[] = ['HS256'];

/**
 * The key session tokens are verified with. A KeyObject, not the string: given a string, jsonwebtoken first tries
 * (and fails, throwing) to read it as a public key on every verification.
 */
export function sessionTokenKey(config: Pick<GatewayConfig, 'JWT_SECRET'>): KeyObject {
  return createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8'));
}

/** How every strategy reads and verifies a session token: the Bearer header or the cookie, HS256, expiry enforced. */
export function sessionTokenOptions(config: Pick<GatewayConfig, 'JWT_SECRET'>): Exclude<StrategyOptions, { passReqToCallback: true }> {
  return {
    jwtFromRequest: sessionTokenOf,
    // passport-jwt passes the key on to jsonwebtoken untouched; its typings only list string | Buffer.
    secretOrKey: sessionTokenKey(config) as unknown as Buffer,
    algorithms: SESSION_TOKEN_ALGORITHMS,
    ignoreExpiration: false,
  };
}

/** Accepts the token from the Bearer header (the spec's client) or the httpOnly cookie, and checks it is not revoked. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly auth: AuthService,
  ) {
    super(sessionTokenOptions(config));
  }

  async validate(claims: TokenClaims): Promise<AuthenticatedRequestUser | false> {
    if (typeof claims?.sub !== 'string' || typeof claims?.sid !== 'string') return false;
    const user = await this.auth.resolve(claims);
    return user ? { user, sessionId: claims.sid } : false;
  }
}
