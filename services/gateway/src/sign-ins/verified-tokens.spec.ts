import jsonwebtoken from 'jsonwebtoken';
import { VerifiedTokens } from './verified-tokens';

const JWT_SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const NOW = Date.UTC(2026, 10, 27, 12);
const CLAIMS = { sub: '4f1c0e6a-1b7d-4a43-9d8e-2b6f0c9a1e57', sid: '0b9e5d2c-7a61-4c8f-b3e4-5d6a7b8c9d0e' };

/** A token as AuthService issues one (HS256, an hour), at `NOW`. */
function issued(claims: object = CLAIMS, secret = JWT_SECRET, options: jsonwebtoken.SignOptions = {}): string {
  return jsonwebtoken.sign({ ...claims, iat: NOW / 1000 }, secret, { algorithm: 'HS256', expiresIn: 3600, ...options });
}

describe('VerifiedTokens', () => {
  let tokens: VerifiedTokens;
  let verifications: jest.SpyInstance;
  beforeEach(() => {
    tokens = new VerifiedTokens({ JWT_SECRET });
    verifications = jest.spyOn(jsonwebtoken, 'verify');
  });
  afterEach(() => verifications.mockRestore());

  it('gives the claims of a token the app issued, and verifies it once while it is presented again and again', () => {
    const token = issued();
    for (let poll = 0; poll < 3; poll += 1)
      expect(tokens.claimsOf(token, NOW + poll * 2_000)).toEqual({ ...CLAIMS, exp: NOW / 1000 + 3600 });
    expect(verifications).toHaveBeenCalledTimes(1);
  });

  it('refuses a token signed with another key or algorithm, unsigned, altered, or without a sign-in or an expiry', () => {
    const [header, , signature] = issued().split('.');
    const altered = Buffer.from(JSON.stringify({ ...CLAIMS, sub: 'someone-else', exp: NOW / 1000 + 3600 })).toString(
      'base64url',
    );
    const refused = [
      issued(CLAIMS, 'another-secret-of-at-least-thirty-two-characters'),
      issued(CLAIMS, JWT_SECRET, { algorithm: 'HS512' }),
      jsonwebtoken.sign({ ...CLAIMS, exp: NOW / 1000 + 3600 }, '', { algorithm: 'none' }),
      `${header}.${altered}.${signature}`,
      issued({ sub: CLAIMS.sub }),
      jsonwebtoken.sign(CLAIMS, JWT_SECRET, { algorithm: 'HS256' }),
      'not-a-token',
    ];
    for (const token of refused) expect(tokens.claimsOf(token, NOW)).toBeNull();
  });

  it('refuses a token from its expiry on, remembered or not, as a fresh verification would', () => {
    const token = issued();
    const expiry = NOW + 3600_000;
    expect(tokens.claimsOf(token, expiry - 1_000)).not.toBeNull();
    expect(tokens.claimsOf(token, expiry)).toBeNull();
    expect(new VerifiedTokens({ JWT_SECRET }).claimsOf(token, expiry)).toBeNull();
    expect(jsonwebtoken.verify(token, JWT_SECRET, { clockTimestamp: expiry / 1000 - 1 })).toMatchObject(CLAIMS);
    expect(() => jsonwebtoken.verify(token, JWT_SECRET, { clockTimestamp: expiry / 1000 })).toThrow(
      jsonwebtoken.TokenExpiredError,
    );
  });

  it('never remembers a token that failed: each presentation is verified again', () => {
    const token = issued(CLAIMS, 'another-secret-of-at-least-thirty-two-characters');
    expect(tokens.claimsOf(token, NOW)).toBeNull();
    expect(tokens.claimsOf(token, NOW)).toBeNull();
    expect(verifications).toHaveBeenCalledTimes(2);
  });
});
