import { sniffVideoType } from './video-type';

/** The EBML header ffmpeg and browsers write, with the given DocType. */
function ebmlHeader(docType: string): Buffer {
  const type = Buffer.from(docType, 'latin1');
  const body = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 0x01]), // EBMLVersion 1
    Buffer.from([0x42, 0xf7, 0x81, 0x01]), // EBMLReadVersion 1
    Buffer.from([0x42, 0x82, 0x80 | type.length]), // DocType
    type,
    Buffer.from([0x42, 0x87, 0x81, 0x04]), // DocTypeVersion 4
  ]);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]),
    body,
    Buffer.from([0x18, 0x53, 0x80, 0x67]),
  ]);
}

function ftyp(brand: string): Buffer {
  return Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(16)]);
}

describe('sniffVideoType', () => {
  it('recognises WebM by its EBML magic and a "webm" DocType', () => {
    expect(sniffVideoType(ebmlHeader('webm'))).toBe('video/webm');
  });

  it('refuses Matroska that is not WebM', () => {
    expect(sniffVideoType(ebmlHeader('matroska'))).toBeNull();
  });

  it('asks for more bytes while the EBML header is incomplete, at every cut', () => {
    const header = ebmlHeader('webm');
    const docTypeEnd = header.indexOf('webm') + 4;
    for (let length = 1; length < docTypeEnd; length++)
      expect(sniffVideoType(header.subarray(0, length))).toBeUndefined();
  });

  it('refuses an EBML header without a DocType or with a broken size', () => {
    expect(sniffVideoType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x86, 0x81, 0x01, 0x00]))).toBeNull();
    expect(sniffVideoType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x00, 0x00]))).toBeNull();
    expect(
      sniffVideoType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])),
    ).toBeNull();
  });

  it('recognises MP4 by the ftyp box at byte 4', () => {
    expect(sniffVideoType(ftyp('isom'))).toBe('video/mp4');
    expect(sniffVideoType(ftyp('mp42'))).toBe('video/mp4');
    expect(sniffVideoType(ftyp('iso5').subarray(0, 11))).toBeUndefined();
  });

  it('refuses HEIF and AVIF pictures, which are ftyp files too', () => {
    expect(sniffVideoType(ftyp('heic'))).toBeNull();
    expect(sniffVideoType(ftyp('avif'))).toBeNull();
  });

  it.each([
    ['PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])],
    ['text', Buffer.from('just some text that claims to be a video')],
    ['an almost-EBML magic', Buffer.from([0x1a, 0x45, 0xdf, 0xa4, 0x80])],
  ])('refuses %s', (_case, bytes) => {
    expect(sniffVideoType(bytes)).toBeNull();
  });

  it('needs bytes to decide at all', () => {
    expect(sniffVideoType(Buffer.alloc(0))).toBeUndefined();
    expect(sniffVideoType(Buffer.from([0, 0, 0, 0x1c, 0x66]))).toBeUndefined();
  });
});
