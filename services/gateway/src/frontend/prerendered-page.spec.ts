import { prerenderedPageFor } from './prerendered-page';

const signedOut = { token: null, hasSession: false };

describe('prerenderedPageFor', () => {
  it.each([
    ['/', 'landing'],
    ['/login', 'login'],
    ['/register', 'register'],
  ])('opens %s on its prerendered page', (path, page) => {
    expect(prerenderedPageFor({ path, ...signedOut })).toBe(page);
  });

  it('opens a partner link with its token on the prerendered loading state, signed in or not', () => {
    for (const hasSession of [false, true]) {
      expect(prerenderedPageFor({ path: '/consent/form/ciq-abc-123', token: 'secret', hasSession })).toBe(
        'consent-form',
      );
    }
  });

  it.each([
    ['/consent/form/ciq-abc-123', null],
    ['/consent/form/ciq-abc-123', ''],
    ['/consent/form/', 'secret'],
    ['/consent/form', 'secret'],
    ['/consent/form/ciq-abc-123/more', 'secret'],
  ])('sends the plain shell for %s with the token %j, which the app does not open as a link', (path, token) => {
    expect(prerenderedPageFor({ path, token, hasSession: false })).toBeNull();
  });

  it('sends the plain shell for the sign-in forms to a member with a session, whom the app sends on', () => {
    for (const path of ['/login', '/register'])
      expect(prerenderedPageFor({ path, token: null, hasSession: true })).toBeNull();
    expect(prerenderedPageFor({ path: '/', token: null, hasSession: true })).toBe('landing');
  });

  it.each(['/dashboard', '/privacy', '/login/', '/r/abc', '/LOGIN', '/index.html'])(
    'sends the plain shell for %s',
    (path) => {
      expect(prerenderedPageFor({ path, ...signedOut })).toBeNull();
    },
  );
});
