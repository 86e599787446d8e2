import sharp from 'sharp';
import { detectImageType } from './image-type';

const picture = () => sharp({ create: { width: 4, height: 3, channels: 3, background: '#808080' } });

describe('detectImageType', () => {
  it.each([
    ['png', () => picture().png().toBuffer()],
    ['jpeg', () => picture().jpeg().toBuffer()],
    ['webp', () => picture().webp().toBuffer()],
  ] as const)('recognises a real %s from its first bytes', async (type, make) => {
    expect(detectImageType(await make())).toBe(type);
  });

  it.each([
    ['a GIF', () => picture().gif().toBuffer()],
    ['a TIFF', () => picture().tiff().toBuffer()],
    ['an AVIF', () => picture().avif().toBuffer()],
  ])('refuses %s, a real image of a type the product does not take', async (_label, make) => {
    expect(detectImageType(await make())).toBeNull();
  });

  it.each([
    ['an empty buffer', Buffer.alloc(0)],
    ['text', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a PNG signature cut short', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a])],
    ['a PNG signature with one byte wrong', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b, 0, 0])],
    ['two JPEG bytes only', Buffer.from([0xff, 0xd8])],
    ['a RIFF WAVE file', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')])],
    ['RIFF....WEB without the P', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEB')])],
  ])('returns null for %s', (_label, bytes) => {
    expect(detectImageType(bytes)).toBeNull();
  });

  it('decides from content alone: trailing garbage after valid magic bytes still reads as that type', () => {
    expect(detectImageType(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('anything')]))).toBe('jpeg');
  });
});
