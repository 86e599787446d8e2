/**
 * The `Cookie` pair a partner's browser sends once their phone is proved: the credential the confirmation
 * (`POST /api/consent/sessions/{id}/phone-verification/confirm`) set, `partner-{sessionId}={secret}`, taken from that
 * answer's Set-Cookie headers (one per path, the same secret). Imports nothing, so the .mjs scripts load it too.
 */
export function partnerCookie(setCookies: readonly string[], sessionId: string): string {
  const name = `partner-${sessionId.toLowerCase()}=`;
  const set = setCookies.find((header) => header.startsWith(name));
  if (!set) throw new Error(`the confirmation set no partner credential for session ${sessionId}`);
  return set.split(';')[0];
}
