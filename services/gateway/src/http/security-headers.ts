import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { GatewayConfig } from '../config/gateway-config.schema';
import { hiddenFromSearch } from '../robots/robots';

const API_PATH = /^\/api(\/|$)/;
/**
 * The job dashboard (Bull Board, staff only) styles its loading screen with inline styles and its job data viewer
 * (CodeMirror) adds <style> elements at run time: there alone may styles be inline. Its scripts are still only its own
 * files, and the web fonts its page asks Google for stay blocked, so a staff member's visit is not reported there.
 */
const INLINE_STYLES_PATH = /^\/admin\/queues(\/|$)/;

/**
 * Only the app's own files run and load: the build has no inline script or style (React sets styles through the
 * DOM, which CSP allows), profile-picture previews are data: URLs and the camera preview and recording are blob:.
 * Connections go to the app itself and its websocket (Socket.IO later): CSP 3 browsers read 'self' as covering ws/wss
 * of the same host, older ones need the origin spelled out.
 */
function contentSecurityPolicy(publicUrl: string, { inlineStyles }: { inlineStyles: boolean }): string {
  const origin = new URL(publicUrl);
  const socketOrigin = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    inlineStyles ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    `connect-src 'self' ${socketOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Conservative defaults for every answer. No referrer leaves the site because partner links carry a secret token
 * in their query string, and no search engine indexes a partner's page, a receipt or a staff page (`robots/robots.ts`).
 * API answers carry personal data, so no cache keeps them (a route may set its own rule after this, as profile
 * pictures do). HSTS only when the site is served over HTTPS, which COOKIE_SECURE declares.
 */
export function securityHeaders(config: Pick<GatewayConfig, 'PUBLIC_URL' | 'COOKIE_SECURE'>): RequestHandler {
  const policy = contentSecurityPolicy(config.PUBLIC_URL, { inlineStyles: false });
  const inlineStylesPolicy = contentSecurityPolicy(config.PUBLIC_URL, { inlineStyles: true });
  return (request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Content-Security-Policy', INLINE_STYLES_PATH.test(request.path) ? inlineStylesPolicy : policy);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('X-Frame-Options', 'DENY');
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    response.setHeader('Permissions-Policy', 'camera=(self), microphone=(self), geolocation=()');
    if (config.COOKIE_SECURE) response.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (API_PATH.test(request.path)) response.setHeader('Cache-Control', 'no-store');
    if (hiddenFromSearch(request.path)) response.setHeader('X-Robots-Tag', 'noindex, nofollow');
    next();
  };
}
