import type { Page } from 'playwright-core';
import { type RegisteredAccount, registerMember } from './browser';
import { confirmPhoneFromTexts, proveMemberPhone } from './phone-code';
import { answerSafetyQuestionsYes } from './safety-questions';
import type { TestServer } from './server';

/** The number every browser test's partner gives (each test file has a server and database of its own). */
const PARTNER_PHONE = '+1 555 987 6543';

/** A new session of `member` (their phone already proved), made through the API as the member's phone makes it. */
export async function newSession(server: TestServer, member: RegisteredAccount): Promise<{ id: string; link: string }> {
  const response = await fetch(`${server.baseURL}/api/consent/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${member.token}` },
    body: JSON.stringify({ deleteAfterDays: 90 }),
  });
  const session = (await response.json()) as { id: string; qrCodeId: string; recipientToken: string };
  return { id: session.id, link: `${server.baseURL}/consent/form/${session.qrCodeId}?token=${session.recipientToken}` };
}

/** A real session's partner link, of a new member whose phone is proved. */
export async function partnerLink(server: TestServer): Promise<string> {
  const member = await registerMember(server);
  await proveMemberPhone(server, member);
  return (await newSession(server, member)).link;
}

/** The partner's form from step 0 to the safety questions: their name and phone, over 18, the texted code (read from `/dev/texts`). */
export async function answerUpToSafetyQuestions(partner: Page, name: string, phone = PARTNER_PHONE): Promise<void> {
  await partner.getByLabel('Your name').fill(name);
  await partner.getByLabel('Phone number').fill(phone);
  await partner.getByRole('button', { name: 'Yes', exact: true }).click();
  await partner.getByRole('button', { name: 'Continue' }).click();
  await confirmPhoneFromTexts(partner, phone);
}

/** The partner's form from step 0 to the camera: as far as the safety questions, then Yes to both. */
export async function answerUpToRecording(partner: Page, name: string, phone = PARTNER_PHONE): Promise<void> {
  await answerUpToSafetyQuestions(partner, name, phone);
  await answerSafetyQuestionsYes(partner);
}
