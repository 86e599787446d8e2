import type { Page } from 'playwright-core';
import { registerMember } from './browser';
import { confirmPhoneFromTexts, proveMemberPhone } from './phone-code';
import { answerSafetyQuestionsYes } from './safety-questions';
import type { TestServer } from './server';

/** The number every browser test's partner gives (each test file has a server and database of its own). */
const PARTNER_PHONE = '+1 555 987 6543';

/** A real session's partner link, made through the API the way the member's phone makes it (their phone proved first). */
export async function partnerLink(server: TestServer): Promise<string> {
  const member = await registerMember(server);
  await proveMemberPhone(server, member);
  const response = await fetch(`${server.baseURL}/api/consent/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${member.token}` },
    body: JSON.stringify({ deleteAfterDays: 90 }),
  });
  const session = (await response.json()) as { qrCodeId: string; recipientToken: string };
  return `${server.baseURL}/consent/form/${session.qrCodeId}?token=${session.recipientToken}`;
}

/**
 * The partner's form from step 0 to the camera: their name and phone, over 18, the texted code (read from
 * `/dev/texts`), Yes to both safety questions.
 */
export async function answerUpToRecording(partner: Page, name: string, phone = PARTNER_PHONE): Promise<void> {
  await partner.getByLabel('Your name').fill(name);
  await partner.getByLabel('Phone number').fill(phone);
  await partner.getByRole('button', { name: 'Yes', exact: true }).click();
  await partner.getByRole('button', { name: 'Continue' }).click();
  await confirmPhoneFromTexts(partner, phone);
  await answerSafetyQuestionsYes(partner);
}
