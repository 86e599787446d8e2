import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The check of a presented credential against `expected`, which is hashed once here rather than on every call.
 * Compares in constant time: hashing both sides first gives equal lengths, so not even the length leaks.
 */
export function serviceCredentialMatcher(expected: string): (presented: unknown) => boolean {
  const expectedDigest = digest(expected);
  return (presented) =>
    typeof presented === 'string' && presented.length > 0 && timingSafeEqual(digest(presented), expectedDigest);
}
