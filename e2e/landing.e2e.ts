// Landing page (spec section 2, "Landing page") and the not-found screen.
import { readFileSync } from 'node:fs';
import { eventually, expectVisible, newAccount, registerAccount, useE2e } from './support/browser';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const SECTION_ORDER = ['hero', 'problem', 'features', 'how-it-works', 'testimonials', 'pricing', 'cta', 'footer'];

const e2e = useE2e();

describe('landing page', () => {
  async function openLanding(path = '/') {
    await e2e.page.goto(path);
    await expectVisible(e2e.page.getByTestId('landing-section-hero'));
  }

  test('renders every section in the order the spec gives', async () => {
    const { page } = e2e;
    await openLanding();
    await expectVisible(page.getByTestId('landing-section-footer'));

    const testIds = await page
      .locator('[data-testid^="landing-section-"]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid')));
    expect(testIds).toEqual(SECTION_ORDER.map((id) => `landing-section-${id}`));

    // The DOM order is also the order on screen, top to bottom.
    const tops: number[] = [];
    for (const id of SECTION_ORDER) {
      const box = await page.getByTestId(`landing-section-${id}`).boundingBox();
      expect(box).not.toBeNull();
      tops.push(box!.y);
    }
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
  });

  test('shows three problems, six feature cards, three steps and three testimonials', async () => {
    const { page } = e2e;
    await openLanding();

    const problem = page.getByTestId('landing-section-problem');
    for (const title of ['Miscommunication', 'False accusations', 'Trust issues']) {
      await expectVisible(problem.getByText(title, { exact: true }));
    }

    await expect(page.getByTestId('landing-section-features').locator('li').count()).resolves.toBe(6);

    const steps = page.getByTestId('landing-section-how-it-works').locator('li');
    await expect(steps.count()).resolves.toBe(3);
    const stepTexts = await steps.allInnerTexts();
    expect(stepTexts[0]).toMatch(/generate qr code/i);
    expect(stepTexts[1]).toMatch(/partner scans/i);
    expect(stepTexts[2]).toMatch(/record consent/i);

    await expect(page.getByTestId('landing-section-testimonials').locator('blockquote').count()).resolves.toBe(3);
  });

  test('the member count is the number of active members in the database', async () => {
    const { page, server } = e2e;
    const first = await registerAccount(server, newAccount('First Member'));
    const second = await registerAccount(server, newAccount('Second Member'));
    const hero = page.getByTestId('landing-section-hero');

    await server.setUser(first.email, { subscriptionStatus: 'active' });
    await openLanding();
    // Only active subscriptions count: the second (inactive) account is not a member yet.
    await expectVisible(hero.getByText('1 member protected', { exact: true }));

    await server.setUser(second.email, { subscriptionStatus: 'active' });
    await page.reload();
    await expectVisible(hero.getByText('2 members protected', { exact: true }));
  });

  test('the footer links to the configured support e-mail', async () => {
    const { page, server } = e2e;
    await openLanding();
    const mailto = page.getByTestId('landing-section-footer').locator(`a[href="mailto:${server.supportEmail}"]`);
    await expectVisible(mailto);
    await expect(mailto.innerText()).resolves.toBe(server.supportEmail);
  });

  test('visiting /#pricing scrolls the pricing section into view', async () => {
    const { page } = e2e;
    await openLanding('/#pricing');
    const pricing = page.getByTestId('landing-section-pricing');
    await expectVisible(pricing);

    await eventually(async () => {
      const position = await pricing.evaluate((element) => ({
        top: element.getBoundingClientRect().top,
        viewport: window.innerHeight,
        scrollY: window.scrollY,
      }));
      expect(position.scrollY).toBeGreaterThan(0);
      // The section's top has arrived in the upper part of the viewport.
      expect(position.top).toBeGreaterThanOrEqual(-2);
      expect(position.top).toBeLessThan(position.viewport / 2);
    });
    await expectVisible(pricing.getByText('Annual', { exact: true }));
  });
});

describe('not-found screen', () => {
  test('an unknown path shows the 404 screen', async () => {
    const { page } = e2e;
    await page.goto('/no/such/page');
    await expectVisible(page.getByText('404 Page Not Found', { exact: true }));
    await expectVisible(
      page.getByText("We couldn't find this page. The link may be mistyped, or the page may have moved.", {
        exact: true,
      }),
    );
  });
});

describe('accessibility', () => {
  test.each(['/', '/login', '/register'])(
    '%s has no colour-contrast or label-name failure (axe-core, as Lighthouse checks)',
    async (path) => {
      const { page } = e2e;
      await page.goto(path);
      await expectVisible(page.locator('h1').first());
      // Evaluated through the browser's debugging protocol, so the page's script policy does not stand in the way.
      await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async () => {
        const { axe } = window as unknown as {
          axe: {
            run: (
              context: Document,
              options: object,
            ) => Promise<{ violations: { id: string; nodes: { html: string }[] }[] }>;
          };
        };
        const result = await axe.run(document, { runOnly: ['color-contrast', 'label-content-name-mismatch'] });
        return result.violations.map(({ id, nodes }) => ({ id, nodes: nodes.map((node) => node.html) }));
      });
      expect(violations).toEqual([]);
    },
  );
});
