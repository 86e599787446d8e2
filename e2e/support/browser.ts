// Debian's Chromium driven by playwright-core (no browser download), plus helpers for accounts and waits.
import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import sharp from 'sharp';
import { REPO_ROOT, startServer, type TestServer } from './server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(REPO_ROOT, '.data/screenshots');

/** How long a page may take to show what a test waits for (server, lazy chunks, 100 ms auth lookup...). */
export const UI_TIMEOUT_MS = 10_000;

/** The one way this suite starts Chromium. `--headless=new` is passed explicitly, so playwright's own switch is off. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: false,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const MOBILE: BrowserContextOptions = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
};

/**
 * Content-Security-Policy violations Chromium reported in this file's browser contexts since the last test ended:
 * every test fails if a page did something the gateway's policy forbids (an inline script, another host...).
 */
const cspViolations: string[] = [];

export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

export interface E2eEnv {
  server: TestServer;
  browser: Browser;
  /** Fresh context (cookies, storage) for the current test, closed after it. */
  context: BrowserContext;
  page: Page;
}

/**
 * Wires a test file: one set of services and one Chromium for the file (with extra flags from `browserArgs`, e.g. a
 * fake camera), a new browser context and page per test.
 * Use the returned object's fields inside tests (they are filled in by the hooks).
 */
export function useE2e(
  contextOptions: BrowserContextOptions = DESKTOP,
  browserArgs: () => Promise<string[]> = async () => [],
): E2eEnv {
  const env = {} as E2eEnv;
  beforeAll(async () => {
    const [server, browser] = await Promise.allSettled([startServer(), browserArgs().then(launchBrowser)]);
    if (server.status === 'fulfilled') env.server = server.value;
    if (browser.status === 'fulfilled') env.browser = browser.value;
    if (server.status === 'rejected') throw server.reason;
    if (browser.status === 'rejected') throw browser.reason;
    // Long enough for startServer to start again on new ports once.
  }, 120_000);
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  }, 30_000);
  beforeEach(async () => {
    env.context = await newContext(env, contextOptions);
    env.page = await env.context.newPage();
  });
  afterEach(async () => {
    await env.context?.close();
    expect(takeCspViolations()).toEqual([]);
  });
  return env;
}

export async function newContext(
  env: Pick<E2eEnv, 'server' | 'browser'>,
  options: BrowserContextOptions = DESKTOP,
): Promise<BrowserContext> {
  const context = await env.browser.newContext({ baseURL: env.server.baseURL, ...options });
  context.on('console', (message) => {
    if (message.type() !== 'error' || !/Content Security Policy/i.test(message.text())) return;
    const page = message.page();
    cspViolations.push(`${page ? new URL(page.url()).pathname : '?'}: ${message.text()}`);
  });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(UI_TIMEOUT_MS);
  return context;
}

// ---------------------------------------------------------------- accounts

/** A small real PNG (a rose square), as bytes. */
export async function makePng(size = 96): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 225, g: 29, b: 72 } } })
    .png()
    .toBuffer();
}

/** Writes a real PNG to a temp directory, for a file input. */
export async function makePngFile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'e2e-picture-'));
  const file = join(dir, 'me.png');
  await writeFile(file, await makePng());
  return file;
}

export interface AccountInput {
  email: string;
  password: string;
  fullName: string;
  phoneNumber: string;
}

export function newAccount(fullName = 'Alex Tester'): AccountInput {
  return {
    email: `e2e-${randomBytes(5).toString('hex')}@example.com`,
    password: 'correct horse battery',
    fullName,
    // A number of its own: the member proves it with a texted code, read back by number, and codes per number are limited.
    phoneNumber: `+1 555 2${String(randomInt(100)).padStart(2, '0')} ${String(randomInt(10_000)).padStart(4, '0')}`,
  };
}

export interface RegisteredAccount extends AccountInput {
  id: string;
  token: string;
}

/** Creates an account through POST /api/auth/register. Pass a browser context to also be signed in there (its cookie jar). */
export async function registerAccount(
  server: TestServer,
  account: AccountInput = newAccount(),
  signInContext?: BrowserContext,
): Promise<RegisteredAccount> {
  const body = {
    username: account.email,
    password: account.password,
    fullName: account.fullName,
    phoneNumber: account.phoneNumber,
    profilePicture: `data:image/png;base64,${(await makePng()).toString('base64')}`,
  };
  let status: number;
  let payload: { user?: { id: string }; token?: string; error?: string };
  if (signInContext) {
    const response = await signInContext.request.post(`${server.baseURL}/api/auth/register`, { data: body });
    status = response.status();
    payload = await response.json();
  } else {
    const response = await fetch(`${server.baseURL}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    status = response.status;
    payload = (await response.json()) as typeof payload;
  }
  if (status !== 201 || !payload.user || !payload.token) {
    throw new Error(`Registering ${account.email} failed: ${status} ${JSON.stringify(payload)}`);
  }
  return { ...account, id: payload.user.id, token: payload.token };
}

/** An account with subscriptionStatus active (set in the database, as the payment provider would). */
export async function registerMember(
  server: TestServer,
  account: AccountInput = newAccount(),
  signInContext?: BrowserContext,
): Promise<RegisteredAccount> {
  const registered = await registerAccount(server, account, signInContext);
  await server.setUser(registered.email, { subscriptionStatus: 'active' });
  return registered;
}

// ---------------------------------------------------------------- waits

/** The page's visible headings, so a failed wait says which screen the page was on instead. */
async function headingsOf(page: Page): Promise<string> {
  const headings = await page
    .getByRole('heading')
    .allInnerTexts()
    .catch(() => []);
  return headings.length === 0 ? 'no heading' : headings.map((text) => `“${text.trim()}”`).join(', ');
}

/** Waits until the locator is visible; the error names what was missing and what was there. */
export async function expectVisible(locator: Locator, timeout = UI_TIMEOUT_MS): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    const page = locator.page();
    const where = page.isClosed()
      ? 'the page is closed'
      : `the page is on ${page.url()}, showing ${await headingsOf(page)}`;
    throw new Error(
      `Expected ${String(locator)} to be visible within ${timeout} ms (${where}).\n${(error as Error).message.split('\n')[0]}`,
      { cause: error },
    );
  }
}

/** Waits until nothing the locator matches is visible. */
export async function expectHidden(locator: Locator, timeout = UI_TIMEOUT_MS): Promise<void> {
  await eventually(async () => {
    const visible = await Promise.all((await locator.all()).map((l) => l.isVisible()));
    if (visible.some(Boolean)) throw new Error(`Expected ${String(locator)} to be hidden`);
  }, timeout);
}

/** Waits for the path (and optional search) of the page URL, e.g. '/subscribe'. */
export async function expectPath(
  page: Page,
  path: string,
  timeout = UI_TIMEOUT_MS,
  match: 'exact' | 'prefix' = 'exact',
): Promise<void> {
  try {
    await page.waitForURL(
      (url) =>
        match === 'exact' ? url.pathname === path : url.pathname.startsWith(path) && url.pathname.length > path.length,
      { timeout },
    );
  } catch {
    throw new Error(
      `Expected the page to be on ${path} within ${timeout} ms, but it is on ${new URL(page.url()).pathname}`,
    );
  }
}

/** Waits until the member's screen has moved from /consent/new to its session's own address; returns the session id. */
export async function expectMemberSession(page: Page, timeout = UI_TIMEOUT_MS): Promise<string> {
  await expectPath(page, '/consent/sessions/', timeout, 'prefix');
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Retries an assertion (a function that throws) until it passes or the time is up; rethrows the last failure. */
export async function eventually<T>(
  assertion: () => Promise<T> | T,
  timeout = UI_TIMEOUT_MS,
  interval = 100,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((r) => setTimeout(r, interval));
    }
  }
}

// ---------------------------------------------------------------- screenshots

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}
