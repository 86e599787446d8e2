import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { GatewayConfig } from '../config/gateway-config.schema';
import { SESSION_COOKIE } from '../sign-ins/session-cookie';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The calls that set the cookie (routing ignores case and a trailing slash, so this does too). */
const SIGN_IN = /^\/api\/auth\/(login|register)\/?$/i;
const BEARER = /^bearer\s+\S/i;
const SESSION_COOKIE_PAIR = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=[^;\\s]`);

export type OriginConfig = Pick<GatewayConfig, 'PUBLIC_URL' | 'ALLOWED_ORIGINS' | 'TRUST_PROXY_HOPS'>;

/**
 * Cross-site request forgery defence beyond SameSite=Lax. A state-changing call that only the session cookie
 * authenticates must come from a page of the app's own origin, as its Origin (else Referer) header shows; a browser
 * always sends one of them with fetch. A Bearer header already proves the caller is not a foreign page (such a page
 * cannot set it without CORS, which the gateway does not allow), and cookie-less calls (the partner) carry nothing
 * to forge. Sign-in and registration are refused from a foreign origin even without a cookie, so a foreign page
 * cannot sign the browser in to an account of its choosing; without any Origin they stay open to non-browser clients.
 * Runs before the body is read, so a refused call changes nothing.
 */
export function crossSiteRequestGuard(config: OriginConfig): RequestHandler {
  const ownOrigins = appOrigins(config);
  return (request: Request, _response: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(request.method)) return next();
    const refused = isCrossSite(request, ownOrigins, { refuseForeignOrigin: SIGN_IN.test(request.path) });
    next(refused ? new ApiException(API_ERRORS.crossSiteRequest) : undefined);
  };
}

/**
 * The app's origins for a request: PUBLIC_URL's, the configured extra ones, and the origin the request was sent to
 * (the app opened at 127.0.0.1 or a LAN address, as a phone scanning the QR code does). A foreign page's request
 * names its own origin, which is not where it was sent, so it stays refused; a cookie is bound to the host it was
 * set by, so a page served under another name never sends this site's cookie.
 */
export function appOrigins(config: OriginConfig): (request: IncomingMessage) => ReadonlySet<string> {
  const configured = [new URL(config.PUBLIC_URL).origin, ...config.ALLOWED_ORIGINS];
  return (request) => {
    const target = targetOrigin(request, config.TRUST_PROXY_HOPS);
    return new Set(target === undefined ? configured : [...configured, target]);
  };
}

/**
 * The rule itself, for any request a browser page may make (a state-changing call, a websocket handshake): one that
 * only the session cookie authenticates must carry one of the app's origins; with `refuseForeignOrigin`, one that
 * names another origin is refused even without a cookie. A request with no Origin or Referer and no cookie passes.
 */
export function isCrossSite(
  request: IncomingMessage,
  ownOrigins: (request: IncomingMessage) => ReadonlySet<string>,
  { refuseForeignOrigin }: { refuseForeignOrigin: boolean },
): boolean {
  const origin = originOf(request.headers);
  const foreign = origin === undefined || !ownOrigins(request).has(origin);
  return authenticatedByCookie(request.headers) ? foreign : refuseForeignOrigin && origin !== undefined && foreign;
}

/**
 * Scheme, host and port the request was sent to: the forwarded headers' first entries (set by the outermost proxy)
 * only when a proxy is trusted, else the connection's own. Lower-cased and without a default port, as browsers
 * write an Origin.
 */
function targetOrigin(request: IncomingMessage, trustedHops: number): string | undefined {
  const forwarded = (name: string) => (trustedHops > 0 ? firstEntry(request.headers[name]) : undefined);
  const scheme = forwarded('x-forwarded-proto') ?? ((request.socket as TLSSocket).encrypted ? 'https' : 'http');
  const host = forwarded('x-forwarded-host') ?? request.headers.host;
  if (!host || !/^https?$/i.test(scheme)) return undefined;
  try {
    return new URL(`${scheme.toLowerCase()}://${host}`).origin;
  } catch {
    return undefined;
  }
}

function firstEntry(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0].trim() || undefined;
}

/** The JWT strategy prefers the Bearer header, so the cookie authenticates only a request without one. */
function authenticatedByCookie(headers: IncomingHttpHeaders): boolean {
  return SESSION_COOKIE_PAIR.test(headers.cookie ?? '') && !BEARER.test(headers.authorization ?? '');
}

/**
 * The app's origin the calling page is at (its Origin, else Referer, when that is one of the app's origins), else
 * PUBLIC_URL's: where a payment returns the browser to, so a member who opened the app at 127.0.0.1 comes back there,
 * signed in, rather than to another address that holds no cookie of theirs.
 */
export function pageOrigin(request: IncomingMessage, config: OriginConfig): string {
  const origin = originOf(request.headers);
  return origin !== undefined && appOrigins(config)(request).has(origin) ? origin : new URL(config.PUBLIC_URL).origin;
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
