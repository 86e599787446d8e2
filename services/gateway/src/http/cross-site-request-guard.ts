import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
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
    const origin = originOf(request);
    const refused = authenticatedByCookie(request) ? origin !== allowed : SIGN_IN.test(request.path) && origin !== undefined && origin !== allowed;
    next(refused ? new ApiException(API_ERRORS.crossSiteRequest) : undefined);
  };
}

/** The JWT strategy prefers the Bearer header, so the cookie authenticates only a request without one. */
function authenticatedByCookie(request: Request): boolean {
  return SESSION_COOKIE_PAIR.test(request.headers.cookie ?? '') && !BEARER.test(request.headers.authorization ?? '');
}

/** The Origin header (`null` from a sandboxed or privacy-minded page stays `null`), else the Referer's origin. */
function originOf(request: Request): string | undefined {
  if (request.headers.origin) return request.headers.origin;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}
