// Small screens (spec: "On small screens only a Log In button shows") and screenshots for a human to review.
import type { BrowserContextOptions } from 'playwright-core';
import {
  DESKTOP,
  expectHidden,
  expectVisible,
  MOBILE,
  newAccount,
  newContext,
  registerMember,
  screenshot,
  useE2e,
} from './support/browser';
import { answerUpToRecording, partnerLink } from './support/partner-form';

// Chromium's own fake camera and microphone (a test pattern), accepted without a prompt: the partner's step 4 opens it.
const e2e = useE2e(MOBILE, async () => ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);

describe('mobile landing page (375 x 812)', () => {
  test('has no horizontal overflow', async () => {
    const { page } = e2e;
    await page.goto('/');
    await expectVisible(page.getByTestId('landing-section-footer'));
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(375);
    expect(widths.body).toBeLessThanOrEqual(375);
  });

  test('the top bar shows only the Log In button', async () => {
    const { page } = e2e;
    await page.goto('/');
    const topBar = page.locator('header').first();
    const logIn = topBar.getByRole('link', { name: 'Log In', exact: true });
    await expectVisible(logIn);
    await expect(logIn.getAttribute('href')).resolves.toBe('/login');
    for (const name of ['Login', 'Get Started', 'Features', 'How it works', 'Pricing']) {
      await expectHidden(topBar.getByRole('link', { name, exact: true }), 1_000);
    }
  });
});

describe('mobile privacy page (375 x 812)', () => {
  test("opens from the landing page's footer, states the retention schedule, and has no horizontal overflow", async () => {
    const { page } = e2e;
    await page.goto('/');
    await page.getByTestId('landing-section-footer').getByRole('link', { name: 'Privacy', exact: true }).click();
    await expectVisible(page.getByRole('heading', { name: 'How long we keep a record' }));
    await expectVisible(
      page.getByText('Nothing in ConsentIQ builds face or voice templates: we collect no biometric identifiers.'),
    );
    expect(new URL(page.url()).pathname).toBe('/privacy');
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(375);
    expect(widths.body).toBeLessThanOrEqual(375);
  });
});

describe('mobile dashboard (375 x 812)', () => {
  test('the greeting is shown in full, not cut off', async () => {
    const { page, server, context } = e2e;
    await registerMember(server, newAccount('Jamie Small'), context);
    await page.goto('/dashboard');
    const greeting = page.getByText(/^Welcome back, (Jamie|Jamie Small)!$/);
    await expectVisible(greeting, 15_000);
    const size = await greeting.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    // A text cut off with an ellipsis is wider than its box.
    expect(size.scroll).toBeLessThanOrEqual(size.client);
  });
});

describe("the partner's step 4 on a small phone (375 x 812)", () => {
  test('with a long name, Start recording and No show without scrolling, and the step says the camera is on', async () => {
    const { page, server } = e2e;
    await page.goto(await partnerLink(server));
    await answerUpToRecording(page, 'Maximiliana Alexandra Featherstonehaugh-Montgomery');
    await expectVisible(page.getByRole('heading', { name: 'Saying Yes?' }));
    await expectVisible(page.getByText(/The camera turns on at this step/));
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const name of ['Start recording', "No, I don't consent"]) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(812);
    }
    await screenshot(page, 'partner-step-4-long-name-375');
  });
});

describe('screenshots for review', () => {
  const sizes: Array<[string, BrowserContextOptions]> = [
    ['375', MOBILE],
    ['1280', DESKTOP],
  ];

  test.each(sizes)('landing, register and dashboard at %s px', async (width, options) => {
    const context = await newContext(e2e, options);
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expectVisible(page.getByTestId('landing-section-footer'));
      // Wait for the site facts (the footer's support link) so the screenshot shows the finished page.
      await expectVisible(page.locator(`a[href="mailto:${e2e.server.supportEmail}"]`));
      await screenshot(page, `landing-${width}`);

      await page.goto('/register');
      await expectVisible(page.getByRole('button', { name: 'Create Account' }));
      await screenshot(page, `register-${width}`);

      const member = await registerMember(e2e.server, newAccount('Jamie Screens'), context);
      await e2e.server.setUser(member.email, {
        accountDeletionDate: new Date(Date.now() + 2.5 * 24 * 3600_000).toISOString(),
      });
      await page.goto('/dashboard');
      // A new member's dashboard: the card asking them to prove their phone comes first.
      await expectVisible(page.getByRole('heading', { name: 'Confirm your phone' }), 15_000);
      await expectVisible(page.getByRole('img', { name: 'Your profile picture' }));
      await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
      await screenshot(page, `dashboard-${width}`);
    } finally {
      await context.close();
    }
  });
});
