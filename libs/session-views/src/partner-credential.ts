import { isUuid } from '@app/contracts';

/**
 * The partner's own credential, given to the browser that proved the partner's phone: a secret of the link token's
 * kind (`generateRecipientToken`, kept as `hashRecipientToken`), held in an httpOnly cookie per session. The gateway
 * passes the ones a browser holds to the consent service in this header, as `<sessionId>=<secret>` pairs separated by
 * commas, since a streamed upload names its session only in its body.
 */
export const PARTNER_CREDENTIALS_HEADER = 'x-partner-credentials';
/** The consent service's answer to a proving confirmation carries the new credential here, for the gateway only. */
export const NEW_PARTNER_CREDENTIAL_HEADER = 'x-new-partner-credential';
/** More than a phone partners at once in practice; the rest are ignored rather than read without bound. */
export const MAX_PARTNER_CREDENTIALS = 16;

const SECRET = /^[\w-]{1,128}$/;

/** Whether a value could be a credential at all. */
export function isPartnerCredential(value: unknown): value is string {
  return typeof value === 'string' && SECRET.test(value);
}

export function encodePartnerCredentials(credentials: ReadonlyMap<string, string>): string {
  return [...credentials].map(([sessionId, secret]) => `${sessionId}=${secret}`).join(',');
}

/** The well-formed pairs of the header (session ids lower-cased), at most `MAX_PARTNER_CREDENTIALS`. */
export function decodePartnerCredentials(header: string | undefined): ReadonlyMap<string, string> {
  const credentials = new Map<string, string>();
  for (const pair of (header ?? '').split(',', MAX_PARTNER_CREDENTIALS)) {
    const [sessionId, secret] = pair.trim().split('=');
    if (isUuid(sessionId) && isPartnerCredential(secret)) credentials.set(sessionId.toLowerCase(), secret);
  }
  return credentials;
}
