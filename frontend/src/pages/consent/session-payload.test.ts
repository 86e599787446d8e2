import { describe, expect, it } from 'vitest';
import { consentFormUrl, newQrCodeId, newSessionPayload } from '@/pages/consent/session-payload';

describe('newQrCodeId', () => {
  it("is 'ciq-' + the time in base 36 + a random string", () => {
    expect(newQrCodeId(Date.parse('2025-01-01T00:00:00Z'), () => 0.123456789)).toBe(
      `ciq-${Date.parse('2025-01-01T00:00:00Z').toString(36)}-${(0.123456789).toString(36).slice(2, 10)}`,
    );
    expect(newQrCodeId()).toMatch(/^ciq-[0-9a-z]+-[0-9a-z]+$/);
  });
});

describe('newSessionPayload', () => {
  it('sends the spec payload for the member', () => {
    expect(newSessionPayload({ id: 'u1', fullName: 'Alex Doe' }, 'ciq-1-a')).toEqual({
      qrCodeId: 'ciq-1-a',
      initiatorUserId: 'u1',
      initiatorFullName: 'Alex Doe',
      verifiedOver18: false,
      recipientFullName: '',
      recipientPhone: '',
      consentStatus: 'pending',
      deleteAfterDays: 90,
    });
  });
});

describe('consentFormUrl', () => {
  it('points at the form with the token as a query parameter', () => {
    expect(consentFormUrl('https://app.example', 'ciq-1-a', 'tok')).toBe(
      'https://app.example/consent/form/ciq-1-a?token=tok',
    );
  });

  it('escapes what a URL cannot carry', () => {
    expect(consentFormUrl('https://app.example', 'ciq-1-a', 'a+b/c=')).toBe(
      'https://app.example/consent/form/ciq-1-a?token=a%2Bb%2Fc%3D',
    );
  });
});
