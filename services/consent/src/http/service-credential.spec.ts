import { serviceCredentialMatches } from './service-credential';

describe('serviceCredentialMatches', () => {
  const expected = 'internal-token-internal-token-0123';

  it('accepts exactly the configured token', () => {
    expect(serviceCredentialMatches(expected, expected)).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['a prefix', expected.slice(0, -1)],
    ['longer', `${expected}x`],
    ['another case', expected.toUpperCase()],
    ['repeated header (array)', [expected, expected]],
  ])('refuses a token that is %s', (_case, presented) => {
    expect(serviceCredentialMatches(presented, expected)).toBe(false);
  });
});
