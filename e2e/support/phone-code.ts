import { toE164 } from '@app/contracts';
import type { Page } from 'playwright-core';
import { eventually, type RegisteredAccount } from './browser';
import type { TestServer } from './server';

const CODE = /ConsentIQ code: (\d{6})\./;
/** The send job runs after the request that asked for the code is answered. */
const CODE_WAIT_MS = 15_000;

/** The first code on the outbox page texted to `phone`: a text's row reads '{sent at} to {E.164} ({purpose})', then the text. */
function firstCodeTo(outbox: string, phone: string): string | undefined {
  const to = toE164(phone)!.replace('+', '\\+');
  return new RegExp(`to ${to} \\([^)]*\\)\\s+${CODE.source}`).exec(outbox)?.[1];
}

/**
 * The partner's 'Confirm your phone' step: the code is read where a developer reads it, the development outbox page
 * `/dev/texts` (the `log` provider sends nothing), in another tab of the partner's browser, then typed. The page
 * lists the newest text first, so the first code on it to the number they gave is this one (the member's own code
 * goes to another number).
 */
export async function confirmPhoneFromTexts(partner: Page, phone: string): Promise<void> {
  await partner.getByRole('heading', { name: 'Confirm your phone' }).waitFor();
  await enterCodeFromTexts(partner, phone);
}

/**
 * The member's 'Confirm your phone' card (on the dashboard and /consent/new until their number is proved): 'Text me a
 * code', the code texted to their number read as the partner's is, typed; the card then gives way.
 */
export async function confirmMemberPhone(page: Page, phone: string): Promise<void> {
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await enterCodeFromTexts(page, phone);
  await page.getByRole('heading', { name: 'Confirm your phone' }).waitFor({ state: 'hidden' });
}

/** Reads the code texted to `phone` from `/dev/texts` in another tab of the page's browser, then types it. */
async function enterCodeFromTexts(page: Page, phone: string): Promise<void> {
  const outbox = await page.context().newPage();
  try {
    const code = await eventually(
      async () => {
        await outbox.goto(new URL('/dev/texts', page.url()).toString());
        const found = firstCodeTo(await outbox.locator('body').innerText(), phone);
        if (!found) throw new Error('no phone code reached /dev/texts');
        return found;
      },
      CODE_WAIT_MS,
      200,
    );
    await page.getByLabel('Code from the text').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
  } finally {
    await outbox.close();
  }
}

/** The member's proof through the API, for tests that start sessions without a browser: the code as their phone got it. */
export async function proveMemberPhone(server: TestServer, member: RegisteredAccount): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.baseURL}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${member.token}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  };
  await post('/api/auth/phone-verification', {});
  const to = toE164(member.phoneNumber);
  const code = await eventually(async () => {
    const text = (await server.devTexts()).find((candidate) => candidate.to === to && CODE.test(candidate.body));
    if (!text) throw new Error('no phone code reached /dev/texts');
    return CODE.exec(text.body)![1];
  }, CODE_WAIT_MS);
  await post('/api/auth/phone-verification/confirm', { code });
}
