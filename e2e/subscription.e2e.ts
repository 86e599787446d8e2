// Subscriptions end to end with the billing service's `local` provider (its TEST MODE checkout page, no network):
// register, choose Monthly, pay with the succeeding test card, /success, then /consent/new (where the new member proves
// their phone before the first session); a declined card returns to the plans with the error; an active member
// choosing a plan sees 'Already Subscribed'; cancelling from Profile shows the end date. Needs the billing service,
// which e2e/support/server.ts starts (with the default `local` provider).
import type { Page } from 'playwright-core';
import {
  type AccountInput,
  expectHidden,
  expectMemberSession,
  expectPath,
  expectVisible,
  makePngFile,
  newAccount,
  newContext,
  useE2e,
} from './support/browser';
import { confirmMemberPhone } from './support/phone-code';

const e2e = useE2e();

const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
/** Another succeeding test card: a friend's card, not the referrer's. */
const ANOTHER_CARD = '5555 5555 5555 4444';
/** /success polls every 5 s, 12 times at most; the local provider's event normally lands before the second poll. */
const VERIFY_TIMEOUT_MS = 65_000;

/** Registers through the form, as a new visitor does; a new account has no subscription, so it lands on /subscribe. */
async function registerThroughForm(page: Page, account: AccountInput, registerUrl = '/register'): Promise<void> {
  await page.goto(registerUrl);
  // Typed first: the prerendered form takes input once hydrated, which fill() waits for and setInputFiles() does not.
  await page.getByLabel('Full name').fill(account.fullName);
  await page.locator('input[type="file"]').setInputFiles(await makePngFile());
  await page.getByLabel('Phone number').fill(account.phoneNumber);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectPath(page, '/subscribe');
}

/** Chooses a plan on /subscribe and waits for the test checkout page. */
async function startCheckout(page: Page, plan: 'Monthly' | 'Annual'): Promise<void> {
  await page.getByRole('button', { name: `Choose ${plan}` }).click();
  await page.waitForURL(/\/checkout\/test\/[^/]+$/);
  await expectVisible(page.getByText('TEST MODE', { exact: true }));
}

async function payWith(page: Page, cardNumber: string, price: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${price}` }).click();
}

/** A new member who has paid Monthly through the test checkout, proved their phone on /consent/new and is on their first session. */
async function subscribedMember(
  page: Page,
  name: string,
  { card = SUCCEEDS, registerUrl = '/register' } = {},
): Promise<AccountInput> {
  const account = newAccount(name);
  await registerThroughForm(page, account, registerUrl);
  await startCheckout(page, 'Monthly');
  await expectVisible(page.getByRole('heading', { name: 'Monthly plan' }));
  await expectVisible(page.getByText('$40.00', { exact: true }));
  await payWith(page, card, '$40.00');
  await page.waitForURL(/\/success\?session_id=[^&]+$/);
  await expectVisible(page.getByText('Payment successful!'), VERIFY_TIMEOUT_MS);
  // Two seconds after success, /consent/new: the phone first, then the first consent session.
  await expectPath(page, '/consent/new');
  await confirmMemberPhone(page, account.phoneNumber);
  await expectMemberSession(page);
  return account;
}

describe('subscribing through the test checkout', () => {
  test('register, choose Monthly, pay with 4242..., /success, then /consent/new', async () => {
    const { page, server } = e2e;
    const account = await subscribedMember(page, 'Robin Payer');
    await expectVisible(page.getByText('Waiting on Response'), 20_000);

    // The gateway took the billing service's change: /api/auth/me and the gate say active.
    const [row] = await server.sql<{ subscription_status: string }>(
      'SELECT subscription_status FROM identity.users WHERE email = $1',
      [account.email],
    );
    expect(row.subscription_status).toBe('active');
    await page.goto('/dashboard');
    await expectPath(page, '/dashboard');
  });

  test('a declined card returns to the plans with the error, and nothing is active', async () => {
    const { page, server } = e2e;
    const account = newAccount('Dana Declined');
    await registerThroughForm(page, account);
    await startCheckout(page, 'Annual');
    await expectVisible(page.getByText('$400.00', { exact: true }));
    await payWith(page, DECLINED, '$400.00');

    await expectPath(page, '/subscribe');
    const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await expectVisible(error);
    await expectVisible(page.getByRole('button', { name: 'Choose Monthly' }));
    const [row] = await server.sql<{ subscription_status: string }>(
      'SELECT subscription_status FROM identity.users WHERE email = $1',
      [account.email],
    );
    expect(row.subscription_status).not.toBe('active');
    await page.goto('/consent/new');
    await expectPath(page, '/subscribe');
  });

  test("an active member choosing a plan sees 'Already Subscribed' and goes to the dashboard", async () => {
    const { page } = e2e;
    await subscribedMember(page, 'Alex Already');
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Choose Annual' }).click();
    await expectVisible(page.getByText('Already Subscribed', { exact: true }));
    await expectPath(page, '/dashboard');
  });

  test('cancelling from Profile keeps access and shows the end date', async () => {
    const { page } = e2e;
    await subscribedMember(page, 'Casey Cancels');
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await expectPath(page, '/profile');
    await expectVisible(page.getByText(/^Renews on [A-Z][a-z]+ \d{1,2}, \d{4}$/));

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel' }).click();
    await expectVisible(page.getByText(/^Ends on [A-Z][a-z]+ \d{1,2}, \d{4}$/));
    await expectVisible(page.getByText('Active', { exact: true }));
    await expectHiddenCancel(page);

    // The dashboard's banner follows at once (no reload): when access ends, when data goes, and one tap to resume.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'Your subscription is ending.' });
    await expectVisible(banner, 10_000);
    await expectVisible(
      banner.getByText(
        /You keep access until [A-Z][a-z]+ \d{1,2}, \d{4}; your account and recordings will be deleted on [A-Z][a-z]+ \d{1,2}, \d{4}/,
      ),
    );
    await banner.getByRole('button', { name: 'Resume subscription' }).click();
    await expectHidden(banner);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await expectVisible(page.getByText(/^Renews on [A-Z][a-z]+ \d{1,2}, \d{4}$/));
  });
});

describe('referrals', () => {
  test("a friend who registers through the member's referral link and pays shows as '1 of 4' on the member's Profile", async () => {
    const { page } = e2e;
    await subscribedMember(page, 'Riley Refers');
    await page.goto('/profile');
    const linkField = page.getByRole('textbox', { name: 'Your referral link' });
    await expectVisible(linkField);
    await expectVisible(page.getByText('0 of 4', { exact: true }));
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/register\?ref=[A-Z2-7]{10}$/);

    const friendContext = await newContext(e2e);
    try {
      const friendPage = await friendContext.newPage();
      await subscribedMember(friendPage, 'Frankie Friend', {
        card: ANOTHER_CARD,
        registerUrl: new URL(link).pathname + new URL(link).search,
      });
    } finally {
      await friendContext.close();
    }

    await page.reload();
    await expectVisible(page.getByText('1 of 4', { exact: true }));
  });
});

async function expectHiddenCancel(page: Page): Promise<void> {
  expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
}
