import type { Page } from 'playwright-core';

/** The partner's private safety questions after step 0 (frontend/src/content/safety.ts): Yes to both, then on to record. */
export async function answerSafetyQuestionsYes(partner: Page): Promise<void> {
  for (const question of ['Do you feel free to say no right now?', 'Are you clear-headed enough to decide (not too drunk or high)?']) {
    await partner.getByRole('group', { name: question }).getByRole('button', { name: 'Yes', exact: true }).click();
  }
  await partner.getByRole('button', { name: 'Continue' }).click();
}
