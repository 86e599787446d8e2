const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;
/** A time as texts and the certificate's readable part write it. */
const TEXTED_TIME = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? UTC/g;
/** A receipt link: its id and its secret. */
const RECEIPT_LINK = /\/r\/[0-9a-f-]{36}#[\w-]{43}/g;
/** A SHA-256 in hex: the audit chain's head, a hash of what differs. */
const HEX_HASH = /\b[0-9a-f]{64}\b/g;

/**
 * A value as JSON (a string as itself) with what differs between any two records masked: the given ids, every time,
 * receipt links and hashes. Two records that must tell nothing apart compare equal this way.
 */
export function maskedIdsAndTimes(value: unknown, ids: readonly string[]): string {
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  for (const id of ids) text = text.replaceAll(id, '<id>');
  return text
    .replace(ISO_TIME, '<time>')
    .replace(TEXTED_TIME, '<time>')
    .replace(RECEIPT_LINK, '/r/<receipt>')
    .replace(HEX_HASH, '<hash>');
}
