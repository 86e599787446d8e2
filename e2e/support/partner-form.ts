import type { Page } from 'playwright-core';
import { confirmPhoneFromTexts } from './phone-code';
import { answerSafetyQuestionsYes } from './safety-questions';

/** The number every browser test's partner gives (each test file has a server and database of its own). */
const PARTNER_PHONE = '+1 555 987 6543';

/**
 * The partner's form from step 0 to the camera: their name and phone, over 18, the texted code (read from
 * `/dev/texts`), Yes to both safety questions.
 */
export async function answerUpToRecording(partner: Page, name: string, phone = PARTNER_PHONE): Promise<void> {
  await partner.getByLabel('Your name').fill(name);
  await partner.getByLabel('Phone number').fill(phone);
  await partner.getByRole('button', { name: 'Yes', exact: true }).click();
  await partner.getByRole('button', { name: 'Continue' }).click();
  await confirmPhoneFromTexts(partner);
  await answerSafetyQuestionsYes(partner);
}
