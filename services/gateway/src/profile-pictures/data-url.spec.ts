import { decodeDataUrl } from './data-url';

const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10, 0x20, 0x30]);
const base64 = bytes.toString('base64');

describe('decodeDataUrl', () => {
  it('decodes the base64 payload of a data URL', () => {
    expect(decodeDataUrl(`data:image/png;base64,${base64}`)).toEqual(bytes);
  });

  it.each(['image/png', 'image/gif', 'text/plain', 'application/octet-stream', ''])(
    'ignores the claimed media type (%j): the payload is returned as is',
    (mediaType) => {
      expect(decodeDataUrl(`data:${mediaType};base64,${base64}`)).toEqual(bytes);
    },
  );

  it('accepts media-type parameters before ;base64', () => {
    expect(decodeDataUrl(`data:image/png;name=me.png;charset=binary;base64,${base64}`)).toEqual(bytes);
  });

  it('accepts base64 broken over lines', () => {
    const wrapped = Buffer.alloc(200, 7)
      .toString('base64')
      .replace(/(.{20})/g, '$1\r\n');
    expect(decodeDataUrl(`data:image/png;base64,${wrapped}`)).toEqual(Buffer.alloc(200, 7));
  });

  it('returns an empty buffer for an empty payload', () => {
    expect(decodeDataUrl('data:image/png;base64,')).toEqual(Buffer.alloc(0));
  });

  it.each([
    ['plain text', 'hello'],
    ['an http URL', 'https://example.test/me.png'],
    ['a data URL that is not base64', 'data:image/png,rawbytes'],
    ['base64url characters', 'data:image/png;base64,ab-_'],
    ['padding in the middle', 'data:image/png;base64,AA==AA'],
    ['three padding characters', 'data:image/png;base64,A==='],
    ['text after the payload', `data:image/png;base64,${base64}"><script>`],
    ['text before the scheme', ` data:image/png;base64,${base64}`],
  ])('returns null for %s', (_label, value) => {
    expect(decodeDataUrl(value)).toBeNull();
  });

  it('handles a multi-megabyte payload quickly (no catastrophic regex backtracking)', () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    const started = Date.now();
    expect(decodeDataUrl(`data:image/png;base64,${big.toString('base64')}`)?.length).toBe(big.length);
    expect(decodeDataUrl(`data:${';a'.repeat(50_000)};base64!`)).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
