import { generateRecipientToken, hashRecipientToken, recipientTokenMatches } from './recipient-token';

describe('recipient token', () => {
  it('carries at least 128 random bits and is URL-safe', () => {
    const token = generateRecipientToken();
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(generateRecipientToken()).not.toBe(token);
  });

  it('matches only the token whose hash is stored, and the hash is not the token', () => {
    const token = generateRecipientToken();
    const stored = hashRecipientToken(token);
    expect(stored.toString('utf8')).not.toContain(token);
    expect(recipientTokenMatches(token, stored)).toBe(true);
    expect(recipientTokenMatches(generateRecipientToken(), stored)).toBe(false);
    expect(recipientTokenMatches(token.slice(0, -1), stored)).toBe(false);
  });

  it('refuses missing, empty and absurdly long tokens without throwing', () => {
    const stored = hashRecipientToken(generateRecipientToken());
    expect(recipientTokenMatches(undefined, stored)).toBe(false);
    expect(recipientTokenMatches(null, stored)).toBe(false);
    expect(recipientTokenMatches('', stored)).toBe(false);
    expect(recipientTokenMatches('x'.repeat(10_000), stored)).toBe(false);
  });
});
