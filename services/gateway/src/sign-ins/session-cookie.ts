import type { CookieOptions } from 'express';

export const SESSION_COOKIE = 'session';

export function sessionCookieOptions(secure: boolean, maxAgeMs?: number): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/', ...(maxAgeMs ? { maxAge: maxAgeMs } : {}) };
}

/** The session cookie's readable companion (`SIGN_IN_HINT_COOKIE`): the same life, readable by the page, no secret. */
export function signInHintCookieOptions(secure: boolean, maxAgeMs?: number): CookieOptions {
  return { ...sessionCookieOptions(secure, maxAgeMs), httpOnly: false };
}
