import { describe, expect, it } from 'vitest';
import { RETURN_PARAM, safeReturnPath, signInPath } from '@/lib/auth/return-path';

describe('signInPath', () => {
  it('names the page asked for, whole, in the sign-in address', () => {
    const path = signInPath('/history?page=2#latest');
    expect(path.startsWith('/register?')).toBe(true);
    expect(new URLSearchParams(path.slice('/register?'.length)).get(RETURN_PARAM)).toBe('/history?page=2#latest');
  });
});

describe('safeReturnPath', () => {
  it.each(['/history', '/consent/sessions/abc?x=1#top', '/profile'])('keeps a path of this site: %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    ['nothing', null],
    ['empty', ''],
    ['another origin', 'https://evil.example/history'],
    ['a protocol-relative address', '//evil.example/history'],
    ['a backslash host', '/\\evil.example'],
    ['a tab hiding a second slash', '/\t/evil.example'],
    ['a line break hiding a second slash', '/\n/evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'history'],
    ['the sign-in page itself', '/login?next=%2Fhistory'],
    ['the registration page', '/register'],
  ])('refuses %s', (_, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });
});
