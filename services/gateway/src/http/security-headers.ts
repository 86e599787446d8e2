import type { NextFunction, Request, Response } from 'express';

/**
 * Conservative defaults for every answer. No referrer leaves the site because partner links carry a secret token
 * in their query string.
 */
export function securityHeaders(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  response.setHeader('Permissions-Policy', 'camera=(self), microphone=(self), geolocation=()');
  next();
}
