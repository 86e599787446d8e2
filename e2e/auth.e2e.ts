// Register and login screens (spec sections 2, 4, 5, 8) and the protected-route rule for anonymous visitors.
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { expectPath, expectVisible, makePngFile, newAccount, registerAccount, useE2e } from './support/browser';

const e2e = useE2e();

describe('registration', () => {
  let pictureFile: string;
  beforeAll(async () => {
    pictureFile = await makePngFile();
  });
  afterAll(async () => {
    if (pictureFile) await rm(dirname(pictureFile), { recursive: true, force: true });
  });

  test('a new account with a picture lands on /subscribe with both plans', async () => {
    const { page } = e2e;
    const account = newAccount('Riley Newcomer');
    await page.goto('/register');

    await page.locator('input[type="file"]').setInputFiles(pictureFile);
    await expectVisible(page.getByRole('img', { name: 'Profile picture preview' }));
    await page.getByLabel('Full name').fill(account.fullName);
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
