import type { CookieOptions } from 'express';

export const SESSION_COOKIE = 'session';

export function sessionCookieOptions(secure: boolean, maxAgeMs?: number): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/', ...(maxAgeMs ? { maxAge: maxAgeMs } : {}) };
}
