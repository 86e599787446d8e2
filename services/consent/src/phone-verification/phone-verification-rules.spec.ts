import { ApiException } from '@app/http';
import { hashPhoneCode, generatePhoneCode, newCodeSalt, phoneCodeMatches, phoneCodeText } from './phone-code';
import { assertCodeUsable, assertPhoneVerified, normalizePhone, resendsLeft, samePhone, wrongCode } from './phone-verification-rules';

const now = new Date('2026-11-26T12:00:00Z');
const inFiveMinutes = new Date('2026-11-26T12:05:00Z');

function codeOf(error: unknown): string | null {
  return error instanceof ApiException ? error.code : null;
}

function refusal(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return codeOf(error);
  }
}

describe('phone numbers', () => {
  it('normalises to digits, keeping a leading +', () => {
    expect(normalizePhone(' +1 (555) 987-6543 ')).toBe('+15559876543');
    expect(normalizePhone('555.987.6543')).toBe('5559876543');
  });

  it('takes a number with and without its country code as the same phone, and different numbers as different', () => {
    expect(samePhone('+1 555 987 6543', '(555) 987-6543')).toBe(true);
    expect(samePhone('+15559876543', '+1 555 987 6543')).toBe(true);
    expect(samePhone('+1 555 987 6543', '+1 555 987 6544')).toBe(false);
    expect(samePhone('12345', '+44 12345')).toBe(false);
    expect(samePhone('', '')).toBe(false);
  });
});

describe('the code', () => {
  it('is 6 digits, random, and in its text', () => {
    const codes = new Set(Array.from({ length: 50 }, generatePhoneCode));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(45);
    expect(phoneCodeText('012345')).toContain('012345');
    expect(phoneCodeText('012345')).toContain('10 minutes');
  });

  it('is kept as a salted hash that only the same code matches', async () => {
    const salt = newCodeSalt();
    const hash = await hashPhoneCode('482913', salt);
    expect(hash.toString('hex')).not.toContain('482913');
    expect(await phoneCodeMatches('482913', salt, hash)).toBe(true);
    expect(await phoneCodeMatches('482914', salt, hash)).toBe(false);
    expect(await phoneCodeMatches('482913', newCodeSalt(), hash)).toBe(false);
  });
});

describe('limits', () => {
  const state = { codesSent: 1, failedTries: 0, expiresAt: inFiveMinutes, verifiedAt: null };

  it('allows 3 resends after the first code', () => {
    expect(resendsLeft(null)).toBe(4);
    expect(resendsLeft({ codesSent: 1 })).toBe(3);
    expect(resendsLeft({ codesSent: 4 })).toBe(0);
  });

  it('refuses a code typed with none sent, after 5 wrong tries, or once expired', () => {
    expect(refusal(() => assertCodeUsable(null, now))).toBe('phone_code_not_sent');
    expect(refusal(() => assertCodeUsable({ ...state, failedTries: 5 }, now))).toBe('phone_code_tries_used');
    expect(refusal(() => assertCodeUsable({ ...state, failedTries: 4 }, now))).toBeNull();
    expect(refusal(() => assertCodeUsable({ ...state, expiresAt: now }, now))).toBe('phone_code_expired');
  });

  it('says how many tries a wrong code leaves', () => {
    expect(wrongCode(1).message).toBe('That code is not right: 4 tries left');
    expect(wrongCode(4).message).toBe('That code is not right: 1 try left');
    expect(wrongCode(5).message).toBe('That code is not right: ask for a new one');
  });

  it('refuses recording before the phone is proved', () => {
    expect(refusal(() => assertPhoneVerified({ phoneVerifiedAt: null }))).toBe('phone_not_verified');
    expect(refusal(() => assertPhoneVerified({ phoneVerifiedAt: now }))).toBeNull();
  });
});
