/**
 * The readable cookie the gateway sets beside the httpOnly session cookie, and clears with it: `1` while this browser
 * holds a sign-in. Not a secret and it grants nothing (every call checks the session cookie); it only lets the web
 * app's public pages skip asking `/api/auth/me` in a browser that holds no sign-in.
 */
export const SIGN_IN_HINT_COOKIE = 'signed_in';
