import { serviceCredentialMatcher } from './service-credential';

describe('serviceCredentialMatcher', () => {
  const expected = 'internal-token-internal-token-0123';
  const matches = serviceCredentialMatcher(expected);

  it('accepts exactly the configured token', () => {
    expect(matches(expected)).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['a prefix', expected.slice(0, -1)],
    ['longer', `${expected}x`],
    ['another case', expected.toUpperCase()],
    ['repeated header (array)', [expected, expected]],
  ])('refuses a token that is %s', (_case, presented) => {
    expect(matches(presented)).toBe(false);
  });
});
