/** The folder of the web app's build holding the prerendered pages (frontend/build/prerender.ts). */
export const PRERENDERED_DIR = 'prerendered';

/** The pages of frontend/src/prerender/shells.ts, by the address they are sent for. */
const PAGES: Readonly<Record<string, string>> = { '/': 'landing', '/login': 'login', '/register': 'register' };
const SIGN_IN_PAGES = new Set(['/login', '/register']);
/** A partner's link, /consent/form/{qrCodeId}?token=...: the app's CONSENT_FORM_ROUTE with its code. */
const PARTNER_LINK = /^\/consent\/form\/[^/]+$/;

export interface ShellRequest {
  path: string;
  /** The link's `token` parameter, if any. */
  token: string | null;
  /** Whether the request carries a session cookie (valid or not). */
  hasSession: boolean;
}

/**
 * The prerendered page an address opens on, or null for the plain shell. It must be what the app itself renders
 * first there: a partner link without its token is refused by the app, so it gets the plain shell; and a member
 * who is signed in is sent on from the sign-in forms, so they get the plain shell rather than a form shown early.
 */
export function prerenderedPageFor({ path, token, hasSession }: ShellRequest): string | null {
  if (PARTNER_LINK.test(path)) return token ? 'consent-form' : null;
  if (hasSession && SIGN_IN_PAGES.has(path)) return null;
  return PAGES[path] ?? null;
}
