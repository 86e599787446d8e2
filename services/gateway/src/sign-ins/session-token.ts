import type { Request } from 'express';
import type { Algorithm } from 'jsonwebtoken';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { ExtractJwt } from 'passport-jwt';
import type { GatewayConfig } from '../config/gateway-config.schema';
import { SESSION_COOKIE } from './session-cookie';

/** What a session token says: the member (`sub`) and the sign-in, an `auth_sessions` row (`sid`). */
export interface TokenClaims {
  sub: string;
  sid: string;
}

/** A verified token's claims: who, which sign-in, and until when (seconds since the epoch, as the token says). */
export interface VerifiedClaims extends TokenClaims {
  exp: number;
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

/** The claims of a verified payload, or null: AuthService always signs all three, so a token without them names no sign-in this app made. */
export function sessionClaims(payload: unknown): VerifiedClaims | null {
  const { sub, sid, exp } = (payload ?? {}) as Partial<VerifiedClaims>;
  return typeof sub === 'string' && typeof sid === 'string' && typeof exp === 'number' ? { sub, sid, exp } : null;
}
