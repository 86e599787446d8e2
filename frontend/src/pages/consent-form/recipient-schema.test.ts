import { describe, expect, it } from 'vitest';
import { RECIPIENT_DEFAULTS, recipientSchema } from '@/pages/consent-form/recipient-schema';

function messages(values: unknown): string[] {
  const result = recipientSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('recipientSchema', () => {
  it('rejects the starting values with every spec message', () => {
    expect(messages(RECIPIENT_DEFAULTS)).toEqual(['Name is required', 'Phone number is required', 'You must be over 18 to continue']);
  });

  it('does not accept blanks as a name or phone number', () => {
    expect(messages({ name: '  ', phone: ' ', isOver18: true })).toEqual(['Name is required', 'Phone number is required']);
  });

  it('accepts a name, a phone number and a yes to being over 18', () => {
    expect(recipientSchema.parse({ name: ' Jamie ', phone: '555 0100', isOver18: true })).toEqual({ name: 'Jamie', phone: '555 0100', isOver18: true });
  });
});
