import { describe, expect, it } from 'vitest';
import { RECIPIENT_DEFAULTS, type RecipientValues, validateRecipient } from '@/pages/consent-form/recipient-validation';

function messages(values: RecipientValues): string[] {
  const result = validateRecipient(values);
  return result.ok ? [] : Object.values(result.errors);
}

describe('validateRecipient', () => {
  it('rejects the starting values with every spec message', () => {
    expect(messages(RECIPIENT_DEFAULTS)).toEqual([
      'Name is required',
      'Phone number is required',
      'You must be over 18 to continue',
    ]);
  });

  it('does not accept blanks as a name or phone number', () => {
    expect(messages({ name: '  ', phone: ' ', isOver18: true })).toEqual([
      'Name is required',
      'Phone number is required',
    ]);
  });

  it('accepts a name, a phone number and a yes to being over 18, trimmed', () => {
    expect(validateRecipient({ name: ' Jamie ', phone: '555 0100', isOver18: true })).toEqual({
      ok: true,
      values: { name: 'Jamie', phone: '555 0100', isOver18: true },
    });
  });
});
