// Live hearing as a partner meets it, with Chromium's fake microphone: while a take is recorded the shown sentence
// lights up word by word, in the order it is said, and says when the whole sentence was heard; a mumbled take is
// flagged during recording, before any Yes, with the words it missed and one tap to start a new take. The live
// hearing grants nothing: the clear take still goes through the stored recording's check to 'Consent Granted', run
// while the partner reviews it, so both phones have the verdict the instant Yes is pressed. The fake microphone reads
// its file anew each time the camera opens, so each take's file is put in place before.
import { copyFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  eventually,
  expectVisible,
  MOBILE,
  newAccount,
  newContext,
  registerMember,
  useE2e,
} from './support/browser';
import { type FakeMedia, fakeMediaArgs, makeFakeMedia } from './support/fake-media';
import { answerUpToRecording, partnerLink } from './support/partner-form';
import { confirmMemberPhone } from './support/phone-code';
import { scanQrCode } from './support/qr-code';

const NAME = 'Jordan Lee';
const SENTENCE = `My name is ${NAME} and I consent.`;
const TOKENS = ['My', 'name', 'is', 'Jordan', 'Lee', 'and', 'I', 'consent.'];
/**
 * From the tap on Yes to the verdict's heading on both screens, seen in each page as it is added: the held result
 * published at once (about 150 ms here; the bench's bar is 300 ms to both sockets, and this margin is for a loaded CI
 * machine). The 202 itself already carries the verdict, which no analysis after the tap could.
 */
const AT_THE_TAP_MS = 1000;

/** When a heading with this text is first added to the page (ms since the epoch), once `watchHeading` ran there. */
async function watchHeading(page: Page, text: string): Promise<() => Promise<number>> {
  await page.evaluate((wanted) => {
    const seen = window as unknown as { headingSeenAt?: number };
    new MutationObserver(() => {
      const headings = Array.from(document.querySelectorAll('h1, h2, h3'));
      if (!seen.headingSeenAt && headings.some((heading) => heading.textContent?.includes(wanted)))
        seen.headingSeenAt = Date.now();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  return () => page.evaluate(() => (window as unknown as { headingSeenAt?: number }).headingSeenAt ?? Infinity);
}
let media: FakeMedia;
let clear: FakeMedia;
let mumbled: FakeMedia;
const e2e = useE2e(DESKTOP, async () => {
  [clear, mumbled] = await Promise.all([
    makeFakeMedia(SENTENCE, 'slt'),
    makeFakeMedia('Mm, hmm, uh, well.', 'slt', { mumbled: true }),
  ]);
  media = await makeFakeMedia(SENTENCE, 'slt');
  return fakeMediaArgs(media);
});

/** The shown sentence's lit words, as the partner sees them now. */
const litWords = (partner: Page) => partner.locator('mark').allTextContents();

/** The member's /consent/new showing the session's QR code, as their phone shows it: the partner's link. */
async function memberShowingQrCode(): Promise<string> {
  const { server, context, page } = e2e;
  const member = await registerMember(server, newAccount('Sam Rivera'), context);
  await page.goto('/consent/new');
  await confirmMemberPhone(page, member.phoneNumber);
  await expectVisible(page.getByText('Waiting on Response'));
  return scanQrCode(page);
}

async function partnerAtRecording(take: FakeMedia, link?: string) {
  const partnerContext = await newContext(e2e, MOBILE);
  const partner = await partnerContext.newPage();
  await partner.goto(link ?? (await partnerLink(e2e.server)));
  await copyFile(take.wav, media.wav);
  await answerUpToRecording(partner, NAME);
  await expectVisible(partner.getByText(`“${SENTENCE}”`));
  return { partner, partnerContext };
}

describe('live hearing in the browser', () => {
  test("the sentence lights up in the order it is said, then, the verdict's check granting it at the pause, says it was heard clearly; the stored recording's check decides, at the tap", async () => {
    const { partner, partnerContext } = await partnerAtRecording(clear, await memberShowingQrCode());
    try {
      await partner.getByRole('button', { name: 'Start recording' }).click();
      // When each word first lit, sampled as the partner's screen changes.
      const firstLit = new Map<string, number>();
      const deadline = Date.now() + Math.ceil(clear.speechSeconds * 1000) + 10_000;
      let sample = 0;
      while (firstLit.size < TOKENS.length && Date.now() < deadline) {
        for (const word of await litWords(partner)) if (!firstLit.has(word)) firstLit.set(word, sample);
        sample += 1;
        await partner.waitForTimeout(50);
      }
      expect([...firstLit.keys()].sort()).toEqual([...TOKENS].sort());
      // In the order said: a partial path may light two neighbours in either order ("I" before "and", when "and" is
      // heard a moment later), never a word before one said two or more words earlier.
      const order = TOKENS.map((word) => firstLit.get(word)!);
      const outOfOrder = order.flatMap((lit, i) =>
        order.slice(i + 2).flatMap((later, k) => (later < lit ? [`${TOKENS[i + 2 + k]} before ${TOKENS[i]}`] : [])),
      );
      expect(outOfOrder).toEqual([]);
      expect(order[0]).toBeLessThan(order[order.length - 1]);
      await expectVisible(partner.getByText('We heard you clearly. You can stop recording.'));
      expect(await partner.getByText(/granted/i).count()).toBe(0);

      await partner.getByRole('button', { name: 'Stop recording' }).click();
      await expectVisible(partner.getByText('Review & Consent'));
      // The take is uploaded and checked while the partner reviews it; its result is held, shown to nobody.
      await eventually(async () => {
        const takes = await e2e.server.sql<{ state: string }>(`SELECT state FROM consent.held_analyses`);
        expect(takes.map((take) => take.state)).toContain('held');
      }, 30_000);
      expect(await e2e.page.getByRole('heading', { name: 'Good News' }).count()).toBe(0);

      const partnerGranted = await watchHeading(partner, 'Consent Granted');
      const memberGranted = await watchHeading(e2e.page, 'Good News');
      const answered = partner.waitForResponse((response) => response.url().endsWith('/api/consent/process-video'));
      const tappedAt = Date.now();
      await partner.getByRole('button', { name: 'Yes, I consent' }).click();
      expect(await (await answered).json()).toMatchObject({ aiVerdict: 'granted' });
      await expectVisible(partner.getByRole('heading', { name: 'Consent Granted' }));
      await expectVisible(e2e.page.getByRole('heading', { name: 'Good News' }));
      expect((await partnerGranted()) - tappedAt).toBeLessThan(AT_THE_TAP_MS);
      expect((await memberGranted()) - tappedAt).toBeLessThan(AT_THE_TAP_MS);
    } finally {
      await partnerContext.close();
    }
  });

  test('a mumbled take is flagged while recording, before Yes, and one tap starts a new take', async () => {
    const { partner, partnerContext } = await partnerAtRecording(mumbled);
    try {
      await partner.getByRole('button', { name: 'Start recording' }).click();
      const guidance = partner.getByText(/^We didn't hear: .*consent.*Say the whole sentence again/);
      await expectVisible(guidance, Math.ceil(mumbled.speechSeconds * 1000) + 10_000);
      expect(await partner.getByText('We heard you clearly. You can stop recording.').count()).toBe(0);
      expect(await partner.getByText('Review & Consent').count()).toBe(0);

      await partner.getByRole('button', { name: 'Start a new take' }).click();
      // A new take records at once; the mumbled one was dropped on the phone.
      await expectVisible(partner.getByRole('button', { name: 'Stop recording' }));
      await expectVisible(partner.getByRole('timer').getByText(/^0s \//));
    } finally {
      await partnerContext.close();
    }
  });
});
