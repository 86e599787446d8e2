// The public pages arrive prerendered (frontend/build/prerender.ts): the HTML the gateway sends already holds what a
// signed-out visitor first sees, React hydrates it in place without a hydration error, and the page then works as before.
import type { Page } from 'playwright-core';
import {
  expectPath,
  expectVisible,
  MOBILE,
  newAccount,
  registerAccount,
  registerMember,
  useE2e,
} from './support/browser';
import { partnerLink } from './support/partner-form';

const e2e = useE2e(MOBILE);

/** The page as the gateway sends it, before any script runs. */
async function servedHtml(url: string, cookie?: string): Promise<string> {
  const response = await fetch(new URL(url, e2e.server.baseURL), { headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status).toBe(200);
  return response.text();
}

interface OpenedPage {
  /** What the page reported as errors: React reports a hydration mismatch as an uncaught error. */
  errors: string[];
  /** Whether the prerendered content the browser parsed is still in the document, i.e. hydrated, not rendered anew. */
  keptPrerendered(): Promise<boolean>;
}

/** Opens `url`, noting the prerendered content as parsed (before any script ran) and every error the page reports. */
async function openPrerendered(page: Page, url: string): Promise<OpenedPage> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // The signed-out visitor's /api/auth/me is answered 401, which Chromium logs; that is not a page error.
    if (message.type() === 'error' && !/status of 401/.test(message.text())) errors.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { prerendered: Element | null }).prerendered = document.querySelector(
        '#root main, #root [role="status"]',
      );
    });
  });
  await page.goto(url);
  return {
    errors,
    keptPrerendered: () =>
      page.evaluate(() => Boolean((window as unknown as { prerendered: Element | null }).prerendered?.isConnected)),
  };
}

/** Where the page's first contentful paint and the request for its code (the entry script) started, in ms. */
function paintAndCode(page: Page): Promise<{ paint?: number; code?: number }> {
  return page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    code: performance.getEntriesByType('resource').find((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name))
      ?.startTime,
  }));
}

/** The page's code was asked for only once its prerendered content had painted (frontend/src/prerender/deferred-boot.ts). */
async function expectCodeAfterPaint(page: Page): Promise<void> {
  const { paint, code } = await paintAndCode(page);
  expect(paint).toBeGreaterThan(0);
  expect(code).toBeGreaterThanOrEqual(paint!);
}

describe('the prerendered public pages', () => {
  test('the landing page: sent with its content, hydrated in place, then the site facts and the current year', async () => {
    const { page, server } = e2e;
    const html = await servedHtml('/');
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(html).toContain('data-testid="landing-section-footer"');

    const opened = await openPrerendered(page, '/');
    // Asked for by the hydrated page: the support address was not in the prerendered HTML.
    await expectVisible(page.locator(`a[href="mailto:${server.supportEmail}"]`));
    await expectVisible(page.getByText(`© ${new Date().getFullYear()} ConsentIQ. For adults 18+.`));
    expect(await opened.keptPrerendered()).toBe(true);
    expect(opened.errors).toEqual([]);
    await expectCodeAfterPaint(page);

    await page.getByRole('link', { name: 'Log In' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Welcome back' }));
  });

  test('the login form: sent with its fields, hydrated in place, then signs a member in', async () => {
    const { page, server } = e2e;
    expect(await servedHtml('/login')).toContain('Welcome back');
    const member = await registerMember(server, newAccount('Morgan Prerender'));

    const opened = await openPrerendered(page, '/login');
    // fill() waits for the fields, disabled until the page is hydrated.
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    expect(await opened.keptPrerendered()).toBe(true);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expectPath(page, '/consent/', 15_000, 'prefix');
    expect(opened.errors).toEqual([]);
  });

  test('the register form: sent with its fields, hydrated in place, then takes input and links to the login', async () => {
    const { page } = e2e;
    expect(await servedHtml('/register?ref=FRIEND')).toContain('Create your account');

    const opened = await openPrerendered(page, '/register?ref=FRIEND');
    await page.getByLabel('Full name').fill('Jamie Typed');
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Jamie Typed');
    expect(await opened.keptPrerendered()).toBe(true);
    expect(opened.errors).toEqual([]);

    await page.getByRole('link', { name: 'Sign in' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Welcome back' }));
  });

  test("a partner's link: sent as its first step loading, without the link's secrets, then the form", async () => {
    const { page, server } = e2e;
    const link = await partnerLink(server);
    const { pathname, searchParams } = new URL(link);
    const html = await servedHtml(link);
    expect(html).toMatch(/<h1[^>]*>Your details<\/h1>/);
    expect(html).toContain('Loading consent session...');
    expect(html).not.toContain(pathname.split('/').pop()!);
    expect(html).not.toContain(searchParams.get('token')!);

    const opened = await openPrerendered(page, link);
    await expectVisible(page.getByText('Alex Tester'));
    await expectVisible(page.getByLabel('Your name'));
    await expect(page.getByText('Loading consent session...').count()).resolves.toBe(0);
    expect(opened.errors).toEqual([]);
    await expectCodeAfterPaint(page);
  });

  test('a member with a session gets the sign-in forms unrendered, and the app sends them on', async () => {
    const { page, context, server } = e2e;
    await registerAccount(server, newAccount('Sam Signedin'), context);
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    for (const path of ['/login', '/register']) {
      expect(await servedHtml(path, cookie)).toContain('<div id="root"></div>');
    }

    await page.goto('/login');
    await expectPath(page, '/subscribe');
  });
});
