const ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export const KEY_ID_RULE = 'use 1-64 of A-Z a-z 0-9 . _ -';
// Buffer.from(…, 'base64') silently skips characters it does not know, so the text is checked first.
const BASE64_PATTERN = /^[A-Za-z0-9+/]+={0,2}$/;

/** How a list's errors name it, e.g. 'Key ring entry 2 …' / 'Key k1 …', or 'Signing key entry 2 …'. */
export interface KeyListWording {
  entry: string;
  key: string;
  /** Said after "appears more than once", e.g. ' in the key ring'. */
  duplicateWhere?: string;
}

/**
 * Parses `id:<base64>` entries separated by commas (`k2:…,k1:…`), the form every key list of the project's settings
 * takes. Entries are named by position, not echoed, in errors: a malformed one may hold a key.
 */
export function parseKeyList(
  spec: string,
  wording: KeyListWording,
  fail: (message: string) => Error,
): Map<string, Buffer> {
  const keys = new Map<string, Buffer>();
  spec.split(',').forEach((rawEntry, index) => {
    const entry = rawEntry.trim();
    const colon = entry.indexOf(':');
    if (colon < 0) throw fail(`${wording.entry} ${index + 1} is not of the form id:base64key`);
    const id = entry.slice(0, colon);
    const encoded = entry.slice(colon + 1);
    if (!ID_PATTERN.test(id)) throw fail(`${wording.entry} ${index + 1} has an invalid id: ${KEY_ID_RULE}`);
    if (keys.has(id)) throw fail(`${wording.key} id ${id} appears more than once${wording.duplicateWhere ?? ''}`);
    if (!BASE64_PATTERN.test(encoded)) throw fail(`${wording.key} ${id} is not valid base64`);
    keys.set(id, Buffer.from(encoded, 'base64'));
  });
  return keys;
}

/** Whether `id` is a valid key id (KEY_ID_RULE). */
export const isKeyId = (id: string) => ID_PATTERN.test(id);
