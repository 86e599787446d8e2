import { isUuid, LIVE_UPDATES } from '@app/contracts';
import { isPartnerCredential, MAX_PARTNER_CREDENTIALS } from '@app/session-views';
import type { CookieOptions, Request, Response } from 'express';

/**
 * The partner's own credential, given to the browser that proved the partner's phone (the consent service's answer
 * to that confirmation): one httpOnly cookie per session, so a phone that partners in two sessions keeps both. It is
 * sent to the API and to the live socket's handshake only (one cookie for each path), never readable by the page,
 * and SameSite=Strict: no other site's page makes this browser send it.
 */
const COOKIE_PREFIX = 'partner-';
/** The paths the credential is needed on: the API, and the socket a partner's screen joins its session's room with. */
const COOKIE_PATHS = ['/api', LIVE_UPDATES.path];
/** Long enough for the partner's screen to be reloaded until the verdict and after; the texted receipt lasts longer. */
const COOKIE_MAX_AGE_MS = 24 * 60 * 60_000;

function cookieName(sessionId: string): string {
  return `${COOKIE_PREFIX}${sessionId.toLowerCase()}`;
}

function cookieOptions(secure: boolean, path: string): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', secure, path, maxAge: COOKIE_MAX_AGE_MS };
}

export function setPartnerCredentialCookie(
  response: Response,
  sessionId: string,
  credential: string,
  secure: boolean,
): void {
  for (const path of COOKIE_PATHS) response.cookie(cookieName(sessionId), credential, cookieOptions(secure, path));
}

/** The credential a browser holds for one session (a poll, a socket's join), or null. */
export function partnerCredentialFor(cookies: Record<string, unknown> | undefined, sessionId: string): string | null {
  const value = cookies?.[cookieName(sessionId)];
  return isPartnerCredential(value) ? value : null;
}

/** The same from a raw Cookie header: a socket's handshake, which no cookie parser has read. */
export function partnerCredentialInHeader(header: string | undefined, sessionId: string): string | null {
  const prefix = `${cookieName(sessionId)}=`;
  const value = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  return isPartnerCredential(value) ? value : null;
}

/** Every credential a request holds, by session id: a streamed upload names its session only in its body. */
export function partnerCredentialsOf(request: Pick<Request, 'cookies'>): Map<string, string> {
  const credentials = new Map<string, string>();
  for (const [name, value] of Object.entries((request.cookies ?? {}) as Record<string, unknown>)) {
    const sessionId = name.slice(COOKIE_PREFIX.length);
    if (
      credentials.size < MAX_PARTNER_CREDENTIALS &&
      name.startsWith(COOKIE_PREFIX) &&
      isUuid(sessionId) &&
      isPartnerCredential(value)
    ) {
      credentials.set(sessionId, value);
    }
  }
  return credentials;
}
