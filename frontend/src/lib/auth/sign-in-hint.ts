import { SIGN_IN_HINT_COOKIE } from '@app/contracts/sign-in-hint';

/**
 * Whether this browser holds a sign-in, from the gateway's readable companion of the session cookie (set and cleared
 * with it at login, registration and logout; set here too when the server confirms a member, forgotten when it says
 * no one is signed in). It grants nothing (the session is the httpOnly cookie, checked on every call): it only lets
 * public pages skip asking `/api/auth/me` for a visitor who holds no sign-in, whose answer would be a 401 on every load.
 */
export function hasSignInHint(): boolean {
  try {
    return document.cookie.split('; ').includes(`${SIGN_IN_HINT_COOKIE}=1`);
  } catch {
    // No document (the build's prerendering): nothing known, so nothing is asked on public pages.
    return false;
  }
}

export function setSignInHint(signedIn: boolean): void {
  try {
    document.cookie = `${SIGN_IN_HINT_COOKIE}=${signedIn ? '1' : '; max-age=0'}; path=/; SameSite=Lax`;
  } catch {
    // See hasSignInHint: member pages still ask the server.
  }
}
