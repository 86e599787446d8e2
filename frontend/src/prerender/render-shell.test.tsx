import { describe, expect, it } from 'vitest';
import { HERO } from '@/content/landing-content';
import { EARLY_PRICING_NOTE } from '@/content/plans';
import { GATE_LOADING_MESSAGE } from '@/lib/gate';
import { PRERENDERED_SHELLS, renderShell } from '@/prerender/render-shell';

type ShellName = (typeof PRERENDERED_SHELLS)[number]['name'];

/** The page as the build writes it into index.html's root, parsed. */
async function prerendered(name: ShellName): Promise<HTMLElement> {
  const root = document.createElement('div');
  root.innerHTML = await renderShell(PRERENDERED_SHELLS.find((shell) => shell.name === name)!.url);
  return root;
}

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim();

describe('the prerendered pages', () => {
  it('landing: every section in order, the copy a signed-out visitor sees before the site facts load', async () => {
    const page = await prerendered('landing');

    expect(
      [...page.querySelectorAll('[data-testid^="landing-section-"]')].map((section) =>
        section.getAttribute('data-testid'),
      ),
    ).toEqual(
      ['hero', 'problem', 'features', 'how-it-works', 'testimonials', 'pricing', 'cta', 'footer'].map(
        (id) => `landing-section-${id}`,
      ),
    );
    expect(text(page.querySelector('h1'))).toBe(HERO.title);
    expect(text(page)).toContain(EARLY_PRICING_NOTE);
    expect(text(page.querySelector('footer'))).toContain(`© ${__BUILD_YEAR__} ConsentIQ. For adults 18+.`);
    // The site facts (member count, support address) are asked for in the browser, not baked in.
    expect(text(page)).not.toMatch(/members? protected/);
    expect(page.querySelector('a[href^="mailto:"]')).toBeNull();
  });

  it.each([
    ['login', 'Welcome back', ['email', 'password'], 'Sign In'],
    ['register', 'Create your account', ['fullName', 'phoneNumber', 'email', 'password'], 'Create Account'],
  ] as const)(
    '%s: the empty form, its fields and button disabled until hydrated',
    async (name, title, fields, button) => {
      const page = await prerendered(name);

      expect(text(page.querySelector('h1'))).toBe(title);
      const form = page.querySelector('form')!;
      expect(
        [...form.querySelectorAll('input[name]')].map((input) => [
          input.getAttribute('name'),
          input.getAttribute('value'),
        ]),
      ).toEqual(fields.map((field) => [field, '']));
      expect(text(form.querySelector('button[type="submit"]'))).toBe(button);
      expect(form.querySelector('fieldset')?.hasAttribute('disabled')).toBe(true);
      expect(form.querySelectorAll('input, button').length).toBe(
        form.querySelectorAll('fieldset input, fieldset button').length,
      );
    },
  );

  it('partner link: the first step as the session loads, and nothing of the link it was rendered for', async () => {
    const page = await prerendered('consent-form');

    expect(text(page.querySelector('h1'))).toBe('Your details');
    expect(text(page.querySelector('[role="status"]'))).toBe('Loading consent session...');
    expect(text(page)).toContain(`Next, we text a code to your phone to confirm it is yours`);
    // The form itself comes with the session: nothing to type into, or press, before the page works.
    expect(page.querySelector('form, input, button')).toBeNull();
    expect(page.innerHTML).not.toContain('prerendered');
  });

  it.each(PRERENDERED_SHELLS.map(({ name }) => name))(
    '%s: the page itself, with no script and no personal or session data',
    async (name) => {
      const page = await prerendered(name);

      expect(text(page)).not.toContain(GATE_LOADING_MESSAGE);
      expect(page.querySelector('script')).toBeNull();
      expect(page.innerHTML).not.toMatch(/@|token|bearer|Sam Rivera|Alex Tester/i);
    },
  );
});
