// A reload on the partner's phone keeps their place (issue 32, item 4): at every step before their answer the page
// comes back where it was, with the fields typed, without asking the code or the safety questions again, and at the
// review with the take recorded, kept in IndexedDB on the phone until their Yes or No. The take's store is read here
// directly (database 'partner-takes', store 'takes', by session id): the contract the page relies on.
import { copyFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { eventually, expectVisible, MOBILE, registerMember, useE2e } from './support/browser';
import { type FakeMedia, fakeMediaArgs, makeFakeMedia } from './support/fake-media';
import { answerUpToRecording, answerUpToSafetyQuestions, newSession } from './support/partner-form';
import { confirmPhoneFromTexts, proveMemberPhone } from './support/phone-code';
import { answerSafetyQuestionsYes } from './support/safety-questions';

const NAME = 'Jordan Lee';
const SENTENCE = `My name is ${NAME} and I consent.`;
let media: FakeMedia;
let mumbled: FakeMedia;
let clear: FakeMedia;
const e2e = useE2e(MOBILE, async () => {
  [clear, mumbled] = await Promise.all([
    makeFakeMedia(SENTENCE, 'slt'),
    makeFakeMedia('Mm, hmm, uh, well.', 'slt', { mumbled: true }),
  ]);
  media = await makeFakeMedia(SENTENCE, 'slt');
  return fakeMediaArgs(media);
});

/** The size of the take kept for `sessionId` in the page's IndexedDB, or null when none is kept. */
function keptTake(page: Page, sessionId: string): Promise<number | null> {
  return page.evaluate(
    (id) =>
      new Promise<number | null>((resolve, reject) => {
        const opening = indexedDB.open('partner-takes', 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore('takes');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const request = opening.result.transaction('takes').objectStore('takes').get(id);
          request.onsuccess = () => resolve(request.result instanceof Blob ? request.result.size : null);
          request.onerror = () => reject(request.error);
        };
      }),
    sessionId,
  );
}

/** What this tab keeps of the form in session storage, as text ('' for nothing). */
const draftText = (page: Page, sessionId: string) =>
  page.evaluate((id) => sessionStorage.getItem(`partner-draft:${id}`) ?? '', sessionId);

const PHONE = '+1 555 987 6543';

/** Step 0's fields typed, not yet sent. */
async function typeDetails(page: Page): Promise<void> {
  await page.getByLabel('Your name').fill(NAME);
  await page.getByLabel('Phone number').fill(PHONE);
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
}

async function reload(page: Page): Promise<void> {
  await page.reload();
  await page.waitForLoadState('domcontentloaded');
}

/**
 * The file the fake microphone plays from the next time the camera opens (the step showing, or a reload on it): put in
 * place before that step, as it is read when the camera opens.
 */
const nextTake = (take: FakeMedia) => copyFile(take.wav, media.wav);

/** Records a take (its file put in place before the camera opened) and waits for the review, and for the take to be kept on the phone (its size answered). */
async function recordTake(page: Page, sessionId: string, take: FakeMedia): Promise<number> {
  await expectVisible(page.getByText(`“${SENTENCE}”`));
  await page.getByRole('button', { name: 'Start recording' }).click();
  await page.waitForTimeout(Math.ceil(take.speechSeconds * 1000) + 1500);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expectVisible(page.getByText('Review & Consent'));
  return eventually(async () => {
    const size = await keptTake(page, sessionId);
    if (!size) throw new Error('the take is not kept in IndexedDB');
    return size;
  });
}

describe("a reload on the partner's phone", () => {
  async function openPartnerForm(): Promise<{ page: Page; sessionId: string }> {
    const member = await registerMember(e2e.server);
    await proveMemberPhone(e2e.server, member);
    const session = await newSession(e2e.server, member);
    await e2e.page.goto(session.link);
    await expectVisible(e2e.page.getByRole('heading', { name: 'Your details' }));
    return { page: e2e.page, sessionId: session.id };
  }

  test('keeps the details typed on step 0', async () => {
    const { page } = await openPartnerForm();
    await typeDetails(page);
    await reload(page);
    await expectVisible(page.getByLabel('Your name'));
    expect(await page.getByLabel('Your name').inputValue()).toBe(NAME);
    expect(await page.getByLabel('Phone number').inputValue()).toBe(PHONE);
    expect(await page.getByRole('button', { name: 'Yes', exact: true }).getAttribute('aria-pressed')).toBe('true');
  });

  test('stays at the code, which still proves the phone after the reload', async () => {
    const { page } = await openPartnerForm();
    await typeDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Confirm your phone' }));
    await reload(page);
    await confirmPhoneFromTexts(page, PHONE);
    await expectVisible(page.getByRole('heading', { name: 'Just for you' }));
  });

  test('goes back to the safety questions, not to the code, once the phone is proved', async () => {
    const { page } = await openPartnerForm();
    await answerUpToSafetyQuestions(page, NAME);
    await expectVisible(page.getByRole('heading', { name: 'Just for you' }));
    await reload(page);
    await expectVisible(page.getByRole('heading', { name: 'Just for you' }));
    await answerSafetyQuestionsYes(page);
    await expectVisible(page.getByText(`“${SENTENCE}”`));
  });

  test('goes back to the recording, not to the questions, once they were answered Yes', async () => {
    const { page } = await openPartnerForm();
    await answerUpToRecording(page, NAME);
    await expectVisible(page.getByRole('heading', { name: 'Saying Yes?' }));
    await reload(page);
    await expectVisible(page.getByRole('heading', { name: 'Saying Yes?' }));
    await expectVisible(page.getByText(`“${SENTENCE}”`));
  });

  test('comes back to the review with the take, sends that take, and keeps nothing after the answer', async () => {
    const { page, sessionId } = await openPartnerForm();
    await nextTake(clear);
    await answerUpToRecording(page, NAME);
    const size = await recordTake(page, sessionId, clear);
    const shown = await page.getByText(/^Your recording:/).innerText();
    // The take was uploaded as recording stopped and is analysed during the review (its result held for the answer).
    const heldTakes = () =>
      e2e.server.sql<{ state: string; discard_reason: string | null }>(
        `SELECT state, discard_reason FROM consent.held_analyses WHERE session_id = $1 ORDER BY requested_at`,
        [sessionId],
      );
    await eventually(async () => expect((await heldTakes()).length).toBe(1));
    await reload(page);
    await expectVisible(page.getByText('Review & Consent'));
    expect(await page.getByText(/^Your recording:/).innerText()).toBe(shown);
    // Leaving the page discarded the uploaded copy; the take kept on the phone is uploaded and held again.
    await eventually(async () =>
      expect(await heldTakes()).toEqual([
        { state: 'discarded', discard_reason: 'left_page' },
        { state: expect.stringMatching(/^(analysing|held)$/), discard_reason: null },
      ]),
    );
    expect(
      await page.getByLabel('Your recording').evaluate((video: HTMLVideoElement) => video.src.startsWith('blob:')),
    ).toBe(true);
    expect(await keptTake(page, sessionId)).toBe(size);

    await page.getByRole('button', { name: 'Yes, I consent' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Consent Granted' }), 60_000);
    await eventually(async () => expect(await keptTake(page, sessionId)).toBeNull());
    expect(await draftText(page, sessionId)).toBe('');
  });

  test('at the retake offer, and recording again after it, keeps the place and the new take', async () => {
    const { page, sessionId } = await openPartnerForm();
    await nextTake(mumbled);
    await answerUpToRecording(page, NAME);
    await recordTake(page, sessionId, mumbled);
    await page.getByRole('button', { name: 'Yes, I consent' }).click();
    await expectVisible(page.getByRole('heading', { name: "We couldn't hear that clearly" }), 60_000);
    await reload(page);
    await expectVisible(page.getByRole('heading', { name: "We couldn't hear that clearly" }));

    await nextTake(clear);
    await page.getByRole('button', { name: 'Record again' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Saying Yes?' }));
    await reload(page);
    await expectVisible(page.getByRole('heading', { name: 'Saying Yes?' }));
    const size = await recordTake(page, sessionId, clear);
    await reload(page);
    await expectVisible(page.getByText('Review & Consent'));
    expect(await keptTake(page, sessionId)).toBe(size);
    await page.getByRole('button', { name: 'Yes, I consent' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Consent Granted' }), 60_000);
    // Two takes, each recorded and analysed.
  }, 150_000);
});
