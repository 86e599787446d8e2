import { generateReceiptSecret, hashReceiptSecret, receiptSecretMatches } from './receipt-secret';

describe('receipt secrets', () => {
  it('are 256 random bits in base64url, different every time', () => {
    const secret = generateReceiptSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(generateReceiptSecret()).not.toBe(secret);
  });

  it('match only the secret they were hashed from', () => {
    const secret = generateReceiptSecret();
    const hash = hashReceiptSecret(secret);
    expect(receiptSecretMatches(secret, hash)).toBe(true);
    expect(receiptSecretMatches(generateReceiptSecret(), hash)).toBe(false);
    expect(receiptSecretMatches(`${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`, hash)).toBe(false);
  });

  it.each([undefined, null, '', 'short', 'x'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}\u0000`])(
    'refuse a malformed secret (%j)',
    (presented) => {
      expect(receiptSecretMatches(presented, hashReceiptSecret('a'.repeat(43)))).toBe(false);
    },
  );
});
