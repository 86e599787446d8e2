import { receiptUrl } from '@app/contracts';
import { phoneCodeText } from '../phone-verification/phone-code-text';
import { memberText, partnerText } from '../verdicts/verdict-texts';
import { bodyWithoutSecrets, phoneCodeLapsed, SPENT_CODE_TEXT } from './text-secrets';

const session = { initiatorFullName: 'Alex Doe', qrCodeId: 'QR-123' };
const receiptId = '0b6c1f6e-2f4e-4c55-9e21-3a7b9c0d1e2f';
const secret = 'a-Z_09'.repeat(8).slice(0, 43);

describe('what a text row keeps once sent', () => {
  it("drops the code of a phone code's text", () => {
    expect(bodyWithoutSecrets({ purpose: 'phone_code', body: phoneCodeText('482913') })).toBe(SPENT_CODE_TEXT);
    expect(SPENT_CODE_TEXT).not.toMatch(/\d/);
  });

  it("keeps the partner's text with the receipt's link, without its secret", () => {
    const body = partnerText(
      session,
      new Date('2026-11-26T12:00:00Z'),
      receiptUrl('https://consent.example', receiptId, secret),
    );
    const kept = bodyWithoutSecrets({ purpose: 'verdict', body });
    expect(kept).not.toContain(secret);
    expect(kept).toBe(body.replace(`#${secret}`, ''));
    expect(kept.endsWith(`Your receipt: https://consent.example/r/${receiptId}`)).toBe(true);
  });

  it('keeps a text without a secret as it is', () => {
    expect(bodyWithoutSecrets({ purpose: 'verdict', body: memberText(session) })).toBe(memberText(session));
  });
});

describe('a phone code not sent in time', () => {
  const now = new Date('2026-11-26T12:10:00Z');

  it("is not sent once its code's 10 minutes have passed", () => {
    expect(phoneCodeLapsed({ purpose: 'phone_code', createdAt: new Date('2026-11-26T12:00:00Z') }, now)).toBe(true);
    expect(phoneCodeLapsed({ purpose: 'phone_code', createdAt: new Date('2026-11-26T12:00:01Z') }, now)).toBe(false);
  });

  it('concerns phone codes only', () => {
    expect(phoneCodeLapsed({ purpose: 'verdict', createdAt: new Date('2026-11-20T12:00:00Z') }, now)).toBe(false);
  });
});
