// Register and login screens (spec sections 2, 4, 5, 8) and the protected-route rule for anonymous visitors.
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import {
  expectPath,
  expectVisible,
  makePngFile,
  newAccount,
  registerAccount,
  registerMember,
  useE2e,
} from './support/browser';

const e2e = useE2e();

describe('registration', () => {
  let pictureFile: string;
  beforeAll(async () => {
    pictureFile = await makePngFile();
  });
  afterAll(async () => {
    if (pictureFile) await rm(dirname(pictureFile), { recursive: true, force: true });
  });

  test.each([
    ['its configured address', ''],
    ['another address of the same server (localhost, not PUBLIC_URL)', 'localhost'],
  ])('a new account with a picture, registered at %s, lands on /subscribe with both plans', async (_name, host) => {
    const { page, server } = e2e;
    const account = newAccount('Riley Newcomer');
    const base = new URL(server.baseURL);
    if (host) base.hostname = host;
    await page.goto(new URL('/register', base).toString());

    // Typed first: the prerendered form takes input once hydrated, which fill() waits for and setInputFiles() does not.
    await page.getByLabel('Full name').fill(account.fullName);
    await page.locator('input[type="file"]').setInputFiles(pictureFile);
    await expectVisible(page.getByRole('img', { name: 'Profile picture preview' }));
    await page.getByLabel('Phone number').fill(account.phoneNumber);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    // A new account is not subscribed, so it is sent to plan choice.
    await expectPath(page, '/subscribe');
    await expectVisible(page.getByText('Monthly', { exact: true }));
    await expectVisible(page.getByText('Annual', { exact: true }));
    for (const label of ['Save $80/year', '2 months free ($80 savings)', '$33.33/month']) {
      await expectVisible(page.getByText(label, { exact: true }));
    }

    const rows = await e2e.server.sql<{ subscription_status: string; profile_picture_key: string | null }>(
      'SELECT subscription_status, profile_picture_key FROM identity.users WHERE email = $1',
      [account.email],
    );
    expect(rows).toEqual([{ subscription_status: 'inactive', profile_picture_key: expect.any(String) }]);
  });
});

describe('signed in already', () => {
  test.each(['/login', '/register'])('%s takes the member to the dashboard', async (path) => {
    const { page, context, server } = e2e;
    await registerMember(server, newAccount('Casey Known'), context);
    await page.goto(path);
    await expectPath(page, '/dashboard');
  });
});

describe('login', () => {
  test('a wrong password shows the "Sign in failed" toast with the server\'s message', async () => {
    const { page, server } = e2e;
    const account = await registerAccount(server);
    await page.goto('/login');

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();

    const toast = page.locator('li[data-state="open"]', { hasText: 'Sign in failed' });
    await expectVisible(toast);
    await expectVisible(toast.getByText('Invalid email or password', { exact: true }));
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('protected routes', () => {
  test('an anonymous visit to /dashboard goes to /register', async () => {
    const { page } = e2e;
    await page.goto('/dashboard');
    await expectPath(page, '/register');
    await expectVisible(page.getByRole('button', { name: 'Create Account' }));
  });
});

describe('cross-site request defence', () => {
  /** A page of another origin on the same site (another port), where SameSite=Lax still sends the cookie. */
  let foreign: Server;
  let foreignOrigin: string;
  beforeAll(async () => {
    foreign = createServer((request, response) => {
      const target = new URL(request.url ?? '/', 'http://x').searchParams.get('target');
      response.setHeader('Content-Type', 'text/html');
      response.end(
        `<script>fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', credentials: 'include' }).finally(() => (document.title = 'sent'))</script>`,
      );
    });
    await new Promise<void>((listening) => foreign.listen(0, '127.0.0.1', listening));
    foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((closed) => foreign.close(() => closed())));

  const revokedSessions = async (email: string) =>
    (
      await e2e.server.sql<{ count: number }>(
        'SELECT count(*)::int AS count FROM identity.auth_sessions s JOIN identity.users u ON u.id = s.user_id WHERE u.email = $1 AND s.revoked_at IS NOT NULL',
        [email],
      )
    )[0].count;

  test("a same-site page of another origin cannot sign the member out with the cookie; the app's own page can", async () => {
    const { page, context, server } = e2e;
    const account = await registerAccount(server, newAccount(), context);

    await page.goto(`${foreignOrigin}/?target=${encodeURIComponent(`${server.baseURL}/api/auth/logout`)}`);
    await page.waitForFunction(() => document.title === 'sent');
    expect(await revokedSessions(account.email)).toBe(0);

    await page.goto('/');
    const status = await page.evaluate(
      async () => (await fetch('/api/auth/logout', { method: 'POST', credentials: 'include' })).status,
    );
    expect(status).toBe(204);
    expect(await revokedSessions(account.email)).toBe(1);
  });
});
