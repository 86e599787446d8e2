import type { DevText } from '@app/contracts';

/** The development outbox's texts, newest first (the consent service's `/dev/texts`, outside production). */
export type DevTextsReader = () => Promise<DevText[]>;

const CODE = /\b(\d{6})\b/;
const RECEIPT_LINK = /(\S+\/r\/([0-9a-f-]{36})#([\w-]{43}))$/;
/** The send job runs after the request that wrote the text is answered; the `log` provider "sends" in milliseconds. */
const WAIT_MS = 10_000;

/** Reads the consent service's development outbox as the gateway does, with the service credential. */
export function consentDevTexts(consentUrl: string, internalToken: string): DevTextsReader {
  return async () => {
    const response = await fetch(`${consentUrl}/dev/texts`, { headers: { 'X-Internal-Token': internalToken } });
    if (!response.ok) throw new Error(`GET /dev/texts answered ${response.status}`);
    return (await response.json()) as DevText[];
  };
}

/**
 * What a session's texts said, as the phones received them: the `log` provider keeps them as it hands them over, while
 * their outbox rows keep no code and no link secret once sent. Waits until `count` texts of the session with this
 * purpose matching `pattern` were sent, and answers the newest one's match.
 */
async function texted(
  devTexts: DevTextsReader,
  owner: { sessionId: string } | { to: string },
  purpose: string,
  pattern: RegExp,
  count: number,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + WAIT_MS;
  const ours = (text: DevText) =>
    'sessionId' in owner ? text.sessionId === owner.sessionId : !text.sessionId && text.to === owner.to;
  for (;;) {
    const matches = (await devTexts())
      .filter((text) => ours(text) && text.purpose === purpose)
      .map((text) => text.body.match(pattern))
      .filter((match): match is RegExpMatchArray => match !== null);
    if (matches.length >= count) return matches[0];
    if (Date.now() > deadline) throw new Error(`${JSON.stringify(owner)} was never texted ${purpose} ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The latest phone code texted for a session; `sends`: the codes it has had, so a resend's is not taken for the one before. */
export async function latestPhoneCode(devTexts: DevTextsReader, sessionId: string, sends = 1): Promise<string> {
  return (await texted(devTexts, { sessionId }, 'phone_code', CODE, sends))[1];
}

/** The latest code a member was texted to prove their own phone (`phone` in E.164); `sends` as for `latestPhoneCode`. */
export async function latestMemberPhoneCode(devTexts: DevTextsReader, phone: string, sends = 1): Promise<string> {
  return (await texted(devTexts, { to: phone }, 'phone_code', CODE, sends))[1];
}

/** The partner's verdict text for a session, its receipt link (`{PUBLIC_URL}/r/{id}#{secret}`) and the link's parts. */
export async function textedReceiptLink(
  devTexts: DevTextsReader,
  sessionId: string,
): Promise<{ text: string; link: string; receiptId: string; secret: string }> {
  const match = await texted(devTexts, { sessionId }, 'verdict', RECEIPT_LINK, 1);
  const [, link, receiptId, secret] = match;
  return { text: match.input!, link, receiptId, secret };
}
