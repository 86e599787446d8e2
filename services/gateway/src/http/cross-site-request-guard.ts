import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingHttpHeaders } from 'node:http';
import { SESSION_COOKIE } from '../auth/session-cookie';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The calls that set the cookie (routing ignores case and a trailing slash, so this does too). */
const SIGN_IN = /^\/api\/auth\/(login|register)\/?$/i;
const BEARER = /^bearer\s+\S/i;
const SESSION_COOKIE_PAIR = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=[^;\\s]`);

/**
 * Cross-site request forgery defence beyond SameSite=Lax. A state-changing call that only the session cookie
 * authenticates must come from a page of PUBLIC_URL's origin, as its Origin (else Referer) header shows; a browser
 * always sends one of them with fetch. A Bearer header already proves the caller is not a foreign page (such a page
 * cannot set it without CORS, which the gateway does not allow), and cookie-less calls (the partner) carry nothing
 * to forge. Sign-in and registration are refused from a foreign origin even without a cookie, so a foreign page
 * cannot sign the browser in to an account of its choosing; without any Origin they stay open to non-browser clients.
 * Runs before the body is read, so a refused call changes nothing.
 */
export function crossSiteRequestGuard(publicUrl: string): RequestHandler {
  const allowed = new URL(publicUrl).origin;
  return (request: Request, _response: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(request.method)) return next();
    const refused = isCrossSite(request.headers, allowed, { refuseForeignOrigin: SIGN_IN.test(request.path) });
    next(refused ? new ApiException(API_ERRORS.crossSiteRequest) : undefined);
  };
}

/**
 * The rule itself, for any request a browser page may make (a state-changing call, a websocket handshake): one that
 * only the session cookie authenticates must carry `allowed` as its origin; with `refuseForeignOrigin`, one that
 * names another origin is refused even without a cookie. A request with no Origin or Referer and no cookie passes.
 */
export function isCrossSite(headers: IncomingHttpHeaders, allowed: string, { refuseForeignOrigin }: { refuseForeignOrigin: boolean }): boolean {
  const origin = originOf(headers);
  return authenticatedByCookie(headers) ? origin !== allowed : refuseForeignOrigin && origin !== undefined && origin !== allowed;
}

/** The JWT strategy prefers the Bearer header, so the cookie authenticates only a request without one. */
function authenticatedByCookie(headers: IncomingHttpHeaders): boolean {
  return SESSION_COOKIE_PAIR.test(headers.cookie ?? '') && !BEARER.test(headers.authorization ?? '');
}

/** The Origin header (`null` from a sandboxed or privacy-minded page stays `null`), else the Referer's origin. */
function originOf(headers: IncomingHttpHeaders): string | undefined {
  if (headers.origin) return headers.origin;
  const referer = headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}
