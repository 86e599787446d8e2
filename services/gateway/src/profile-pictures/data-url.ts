/** Decodes a base64 data URL's payload. The media type it claims is ignored: content decides. */
export function decodeDataUrl(value: string): Buffer | null {
  const match = /^data:[\w.+/-]*(?:;[\w=.+-]+)*;base64,([A-Za-z0-9+/\s]*={0,2})$/.exec(value);
  if (!match) return null;
  return Buffer.from(match[1].replace(/\s/g, ''), 'base64');
}
