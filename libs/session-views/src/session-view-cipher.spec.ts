import { SessionViewCipher } from './session-view-cipher';

const SESSION = '6f1c1f8e-7a0e-4b57-9a51-3d0c1b2a4e01';
const BODY = JSON.stringify({
  recipientFullName: 'Jordan Lee',
  check: { heard: 'my name is jordan lee and i consent' },
});

describe('sealing the stored answers', () => {
  const cipher = new SessionViewCipher('internal-test-token-internal-test-token');

  it('opens what it sealed, and the sealed bytes show nothing of the body', () => {
    const sealed = cipher.seal(BODY, SESSION, 'p');
    expect(cipher.open(sealed, SESSION, 'p').toString()).toBe(BODY);
    expect(sealed.toString('latin1')).not.toContain('Jordan');
    expect(cipher.seal(BODY, SESSION, 'p')).not.toEqual(sealed);
  });

  it('opens a body only for its session and its reader, with the same credential, unaltered', () => {
    const sealed = cipher.seal(BODY, SESSION, 'p');
    expect(() => cipher.open(sealed, SESSION, 'm')).toThrow();
    expect(() => cipher.open(sealed, '6f1c1f8e-7a0e-4b57-9a51-3d0c1b2a4e02', 'p')).toThrow();
    expect(() => new SessionViewCipher('another-internal-token-another-token').open(sealed, SESSION, 'p')).toThrow();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] ^= 1;
    expect(() => cipher.open(altered, SESSION, 'p')).toThrow();
  });
});
