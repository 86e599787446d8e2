import type { Page } from 'playwright-core';

const FREE_TO_SAY_NO = 'Do you feel free to say no right now?';
const CLEAR_HEADED = 'Are you clear-headed enough to decide (not too drunk or high)?';

/** The partner's private safety questions after step 0 (frontend/src/content/safety.ts), answered, then Continue. */
export async function answerSafetyQuestions(
  partner: Page,
  answers: { freeToSayNo: boolean; clearHeaded: boolean },
): Promise<void> {
  for (const [question, yes] of [
    [FREE_TO_SAY_NO, answers.freeToSayNo],
    [CLEAR_HEADED, answers.clearHeaded],
  ] as const) {
    await partner
      .getByRole('group', { name: question })
      .getByRole('button', { name: yes ? 'Yes' : 'No', exact: true })
      .click();
  }
  await partner.getByRole('button', { name: 'Continue' }).click();
}

/** Yes to both, then on to record. */
export const answerSafetyQuestionsYes = (partner: Page) =>
  answerSafetyQuestions(partner, { freeToSayNo: true, clearHeaded: true });
