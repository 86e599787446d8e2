import type { Page } from 'playwright-core';

const CODE = /ConsentIQ code: (\d{6})\./;

/**
 * The partner's 'Confirm your phone' step: the code is read where a developer reads it, the development outbox page
 * `/dev/texts` (the `log` provider sends nothing), in another tab of the partner's browser, then typed. A used code's
 * text is blanked, so the newest code shown in clear is this one.
 */
export async function confirmPhoneFromTexts(partner: Page): Promise<void> {
  await partner.getByRole('heading', { name: 'Confirm your phone' }).waitFor();
  const outbox = await partner.context().newPage();
  try {
    const deadline = Date.now() + 15_000;
    let code: string | undefined;
    while (!code) {
      await outbox.goto(new URL('/dev/texts', partner.url()).toString());
      code = (await outbox.locator('body').innerText()).match(CODE)?.[1];
      if (!code && Date.now() > deadline) throw new Error('no phone code reached /dev/texts');
      if (!code) await outbox.waitForTimeout(200);
    }
    await partner.getByLabel('Code from the text').fill(code);
    await partner.getByRole('button', { name: 'Confirm' }).click();
  } finally {
    await outbox.close();
  }
}
