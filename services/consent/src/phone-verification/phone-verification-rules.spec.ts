import { ApiException } from '@app/http';
import { generatePhoneCode, hashPhoneCode, newCodeSalt, phoneCodeMatches } from '../phone-codes/phone-code';
import { assertCodeUsable, resendsLeft, wrongCode } from '../phone-codes/phone-code-rules';
import { phoneCodeText } from './phone-code-text';
import { assertPhoneVerified, isSameNumber, partnerPhone } from './phone-verification-rules';

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
  it("reads the partner's number in E.164, a national spelling in the member's country", () => {
    expect(partnerPhone(' +1 (555) 987-6543 ', null)).toBe('+15559876543');
    expect(partnerPhone('(555) 987-6543', '+15550100100')).toBe('+15559876543');
    expect(partnerPhone('06 12 34 56 78', '+33 7 00 00 00 01')).toBe('+33612345678');
    expect(partnerPhone('0412 345 678', '+61 400 000 001')).toBe('+61412345678');
    expect(partnerPhone('+44 7700 900123', '+33612345678')).toBe('+447700900123');
  });

  it('refuses what is no number, and a national number when there is no country to read it in', () => {
    expect(refusal(() => partnerPhone('12345', '+15550100100'))).toBe('phone_invalid');
    expect(refusal(() => partnerPhone('0612345678901234', '+33612345678'))).toBe('phone_invalid');
    expect(refusal(() => partnerPhone('06 12 34 56 78', null))).toBe('phone_invalid');
  });

  it("takes the member's number however written as the member's (the issue's national spellings)", () => {
    expect(isSameNumber('06 12 34 56 78', '+33612345678')).toBe(true);
    expect(isSameNumber('0033 6 12 34 56 78', '+33612345678')).toBe(false);
    expect(isSameNumber('+33 (0)6 12 34 56 78', '+33612345678')).toBe(true);
    expect(isSameNumber('0412 345 678', '+61412345678')).toBe(true);
    expect(isSameNumber('(555) 987-6543', '+15559876543')).toBe(true);
    expect(isSameNumber('+1 555 987 6544', '+15559876543')).toBe(false);
    // The same last digits in another country are another number.
    expect(isSameNumber('+44 612 345 678', '+33612345678')).toBe(false);
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
