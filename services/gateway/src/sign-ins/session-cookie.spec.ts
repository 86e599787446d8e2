import { SESSION_COOKIE, sessionCookieOptions } from './session-cookie';

describe('sessionCookieOptions', () => {
  it('makes the cookie httpOnly, SameSite=Lax, site-wide, and Secure only when configured', () => {
    expect(SESSION_COOKIE).toBe('session');
    expect(sessionCookieOptions(false)).toEqual({ httpOnly: true, sameSite: 'lax', secure: false, path: '/' });
    expect(sessionCookieOptions(true)).toEqual({ httpOnly: true, sameSite: 'lax', secure: true, path: '/' });
  });

  it('adds maxAge only when a lifetime is given', () => {
    expect(sessionCookieOptions(true, 60_000)).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      path: '/',
      maxAge: 60_000,
    });
  });
});
