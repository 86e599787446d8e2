import { Injectable } from '@nestjs/common';
import cookieParser from 'cookie-parser';
import type { Request, Response } from 'express';
import type { IncomingHttpHeaders } from 'node:http';
import type { CurrentMember } from '../sign-ins/current-member.decorator';
import { sessionTokenOf } from '../sign-ins/session-token';
import { SignInVerifier } from '../sign-ins/sign-in-verifier';

/** What a handshake presented: no credential at all (a partner), a live sign-in, or a credential that is refused. */
export type SocketIdentity = { kind: 'anonymous' } | { kind: 'member'; member: CurrentMember } | { kind: 'refused' };

export interface HandshakeCredentials {
  headers: IncomingHttpHeaders;
  /** Socket.IO's `auth` payload: `{token}` carries the Bearer token of a client that does not rely on the cookie. */
  auth: Record<string, unknown>;
}

const readCookies = cookieParser();

/**
 * Authenticates a socket as the API authenticates a request (`SignInVerifier`): the token of a request whose Bearer
 * header is `auth.token` (else the handshake's own Authorization header) and whose cookies are the handshake's.
 */
@Injectable()
export class SocketAuthenticator {
  constructor(private readonly verifier: SignInVerifier) {}

  async identify({ headers, auth }: HandshakeCredentials): Promise<SocketIdentity> {
    const token = sessionTokenOf(asRequest(headers, auth));
    if (!token) return { kind: 'anonymous' };
    const member = await this.verifier.memberOfToken(token);
    return member ? { kind: 'member', member } : { kind: 'refused' };
  }
}

function asRequest(headers: IncomingHttpHeaders, auth: Record<string, unknown>): Request {
  const token = typeof auth.token === 'string' && auth.token ? auth.token : undefined;
  const request = {
    headers: token ? { ...headers, authorization: `Bearer ${token}` } : { ...headers },
  } as unknown as Request;
  readCookies(request, {} as Response, () => undefined);
  return request;
}
