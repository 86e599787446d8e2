/** The query parameter of /login and /register naming the page asked for, to return to once signed in. */
export const RETURN_PARAM = 'next';

// Any origin that cannot be this site's: a path resolved against it that leaves it named another site.
const PROBE_ORIGIN = 'https://return-path.invalid';

/**
 * /register, where the spec sends a signed-out visitor of a member page (its 'Sign in' link keeps the parameter), with
 * the page asked for (path, query and hash).
 */
export function signInPath(asked: string): string {
  return `/register?${new URLSearchParams({ [RETURN_PARAM]: asked })}`;
}

/**
 * The page to go back to after signing in, from the sign-in page's address: only a path on this site (never another
 * origin, so the link cannot send a member elsewhere once signed in: no open redirect), and never a sign-in page
 * itself; otherwise null.
 */
export function safeReturnPath(raw: string | null): string | null {
  // '//host' and '/\host' name another host in a browser.
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  // Browsers drop tabs and line breaks before resolving ('/\t/host' is '//host'): the resolved origin decides.
  if (url.origin !== PROBE_ORIGIN || url.pathname === '/login' || url.pathname === '/register') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
