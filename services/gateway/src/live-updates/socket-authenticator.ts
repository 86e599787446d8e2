import { Injectable } from '@nestjs/common';
import cookieParser from 'cookie-parser';
import type { Request, Response } from 'express';
import type { IncomingHttpHeaders } from 'node:http';
import { JwtStrategy, sessionTokenOf, type AuthenticatedRequestUser } from '../auth/jwt.strategy';
import { verifySession } from '../auth/verify-session';

/** What a handshake presented: no credential at all (a partner), a live sign-in, or a credential that is refused. */
export type SocketIdentity = { kind: 'anonymous' } | { kind: 'member'; member: AuthenticatedRequestUser } | { kind: 'refused' };

export interface HandshakeCredentials {
  headers: IncomingHttpHeaders;
  /** Socket.IO's `auth` payload: `{token}` carries the Bearer token of a client that does not rely on the cookie. */
  auth: Record<string, unknown>;
}

const readCookies = cookieParser();

/**
 * Authenticates a socket exactly as the API authenticates a request: the handshake is presented to the same passport
 * JWT strategy (same extractors, HS256 key, expiry, and the revocation check of `validate`) as a request whose Bearer
 * header is `auth.token` (else its own Authorization header) and whose cookies are the handshake's.
 */
@Injectable()
export class SocketAuthenticator {
  constructor(private readonly strategy: JwtStrategy) {}

  async identify({ headers, auth }: HandshakeCredentials): Promise<SocketIdentity> {
    const request = asRequest(headers, auth);
    if (!sessionTokenOf(request)) return { kind: 'anonymous' };
    const member = await verifySession(this.strategy, request);
    return member ? { kind: 'member', member } : { kind: 'refused' };
  }
}

function asRequest(headers: IncomingHttpHeaders, auth: Record<string, unknown>): Request {
  const token = typeof auth.token === 'string' && auth.token ? auth.token : undefined;
  const request = { headers: token ? { ...headers, authorization: `Bearer ${token}` } : { ...headers } } as unknown as Request;
  readCookies(request, {} as Response, () => undefined);
  return request;
}
