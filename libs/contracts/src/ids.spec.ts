import { isQrCodeId, isUuid, newQrCodeId } from './ids';

describe('ids', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it("builds QR ids as 'ciq-' + time + random string", () => {
    expect(newQrCodeId(now, 'ab12cd')).toBe(`ciq-${now.getTime().toString(36)}-ab12cd`);
  });

  it('recognises QR ids and nothing that could leave its path segment', () => {
    expect(isQrCodeId(newQrCodeId(now, 'ab12cd34ef'))).toBe(true);
    for (const bad of [
      '',
      'ciq-',
      '../sessions',
      'ciq-a/b-c',
      'ciq-a-b%2f',
      'ciq-a-b\u0000',
      `ciq-a-${'x'.repeat(80)}`,
    ]) {
      expect(isQrCodeId(bad)).toBe(false);
    }
  });

  it('recognises uuids', () => {
    expect(isUuid('6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f')).toBe(true);
    expect(isUuid('6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f/status')).toBe(false);
  });
});
