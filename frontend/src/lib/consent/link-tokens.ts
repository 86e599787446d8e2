/**
 * The partner's link token of each waiting session, kept in this browser only. The server stores only a hash of it,
 * so the creation answer is the one chance to read it: kept here, a reload of the member's screen (or coming back to
 * its address later) shows the same QR code. Forgotten once the session is answered or over.
 */
const KEY_PREFIX = 'ciq.link-token.';

export function rememberLinkToken(sessionId: string, token: string): void {
  try {
    localStorage.setItem(KEY_PREFIX + sessionId, token);
  } catch {
    // Storage full or refused (private mode): the QR code still shows until the page is left.
  }
}

export function linkTokenOf(sessionId: string): string | null {
  try {
    return localStorage.getItem(KEY_PREFIX + sessionId);
  } catch {
    return null;
  }
}

export function forgetLinkToken(sessionId: string): void {
  try {
    localStorage.removeItem(KEY_PREFIX + sessionId);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
