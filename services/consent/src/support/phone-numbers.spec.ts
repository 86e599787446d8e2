import { withoutPhoneNumbers } from './phone-numbers';

describe('withoutPhoneNumbers', () => {
  it.each([
    ['The number +1 555 987 6543 is not valid', 'The number [phone] is not valid'],
    ['To (555) 987-6543: unreachable', 'To [phone]: unreachable'],
    ['to=+15559876543&from=+15550001111', 'to=[phone]&from=[phone]'],
    ['555.987.6543', '[phone]'],
  ])('replaces %j', (text, safe) => {
    expect(withoutPhoneNumbers(text)).toBe(safe);
  });

  it.each([
    'Twilio 21211: invalid To number',
    'HTTP 503 after 3 attempts',
    'timed out after 10000 ms',
    'attempt 5 of 5',
  ])('leaves %j readable', (text) => {
    expect(withoutPhoneNumbers(text)).toBe(text);
  });
});
