// The speech check as a partner meets it, with Chromium's fake microphone: the shown sentence said in a quiet room is
// granted on both phones; so is a West African name said in a voice of its own language, with the name check on the
// member's certificate; a mumbled first take is offered a retake ('We couldn't hear that clearly'), the member's
// screen meanwhile saying their partner is recording again, and the clear retake ends granted. Noise, rooms and
// voices are measured in the speech check's robustness suite, where a clip decodes the same on every run: here each
// take also passes through the browser's capture and Opus encoder, which vary from run to run, so a borderline take
// (20 dB of pink noise became one) would make the test flaky. The fake microphone reads its file anew each time the
// camera opens (the page releases it after every take), so each take's file is put in place before the step that
// opens the camera.
import { copyFile } from 'node:fs/promises';
import {
  DESKTOP,
  expectHidden,
  expectVisible,
  MOBILE,
  newAccount,
  newContext,
  registerMember,
  useE2e,
} from './support/browser';
import { type FakeMedia, fakeMediaArgs, makeFakeMedia } from './support/fake-media';
import { answerUpToRecording } from './support/partner-form';
import { confirmMemberPhone } from './support/phone-code';
import { scanQrCode } from './support/qr-code';

const NAME = 'Jordan Lee';
const SENTENCE = `My name is ${NAME} and I consent.`;
let media: FakeMedia;
let quiet: FakeMedia;
let mumbled: FakeMedia;
const e2e = useE2e(DESKTOP, async () => {
  [quiet, mumbled] = await Promise.all([
    makeFakeMedia(SENTENCE, 'slt'),
    makeFakeMedia('Mm, hmm, uh, well.', 'slt', { mumbled: true }),
  ]);
  media = await makeFakeMedia(SENTENCE, 'slt');
  return fakeMediaArgs(media);
});

describe('the speech check in the browser', () => {
  /** The file the fake microphone plays from the next time the camera opens. */
  const nextTake = (take: FakeMedia) => copyFile(take.wav, media.wav);

  async function partnerRecords(partner: import('playwright-core').Page, take: FakeMedia, sentence = SENTENCE) {
    await expectVisible(partner.getByText(`“${sentence}”`));
    await partner.getByRole('button', { name: 'Start recording' }).click();
    await partner.waitForTimeout(Math.ceil(take.speechSeconds * 1000) + 1500);
    await partner.getByRole('button', { name: 'Stop recording' }).click();
    await expectVisible(partner.getByText('Review & Consent'));
    await partner.getByRole('button', { name: 'Yes, I consent' }).click();
  }

  async function openSession(firstTake: FakeMedia, name = NAME) {
    const { server, context, page } = e2e;
    const account = await registerMember(server, newAccount('Sam Rivera'), context);
    await page.goto('/consent/new');
    await confirmMemberPhone(page, account.phoneNumber);
    const link = await scanQrCode(page);
    const partnerContext = await newContext(e2e, MOBILE);
    const partner = await partnerContext.newPage();
    await partner.goto(link);
    await nextTake(firstTake);
    await answerUpToRecording(partner, name);
    return { member: page, partner, partnerContext };
  }

  test('the shown sentence is granted, on both phones, with what was heard', async () => {
    const { member, partner, partnerContext } = await openSession(quiet);
    try {
      await partnerRecords(partner, quiet);
      await expectVisible(partner.getByRole('heading', { name: 'Consent Granted' }), 30_000);
      // What was heard, shown to the partner: the statement's words (the name may be shown as heard or as "…").
      await expectVisible(partner.getByText(/What we heard: “my name is .+ and i consent/));
      await expectVisible(member.getByRole('heading', { name: 'Good News' }), 20_000);
      expect(await member.getByText(/What we heard/).count()).toBe(0);
    } finally {
      await partnerContext.close();
    }
  });

  test('a partner with a West African name, said as its owner says it, is granted on both phones, the name check on the certificate', async () => {
    const name = 'Kwame Mensah';
    const sentence = `My name is ${name} and I consent.`;
    const take = await makeFakeMedia([
      { voice: 'slt', text: 'My name is' },
      { voice: 'espeak:sw+f2', text: name },
      { voice: 'slt', text: 'and I consent.' },
    ]);
    const { member, partner, partnerContext } = await openSession(take, name);
    try {
      await partnerRecords(partner, take, sentence);
      await expectVisible(partner.getByRole('heading', { name: 'Consent Granted' }), 30_000);
      await expectVisible(member.getByRole('heading', { name: 'Good News' }), 20_000);
      const [session] = await e2e.server.sql<{ id: string }>(
        `SELECT id FROM consent.consent_sessions ORDER BY created_at DESC LIMIT 1`,
      );
      const certificate = await member.request.get(`/api/consent/sessions/${session.id}/certificate`);
      expect(certificate.status()).toBe(200);
      const { certificate: body } = (await certificate.json()) as {
        certificate: { verdict: string; nameCheck?: string };
      };
      expect(body.verdict).toBe('granted');
      expect(['matched', 'not_confirmed']).toContain(body.nameCheck);
    } finally {
      await partnerContext.close();
    }
  });

  test('a mumbled first take is offered a retake while the member waits; the clear retake is granted', async () => {
    const { member, partner, partnerContext } = await openSession(mumbled);
    try {
      await partnerRecords(partner, mumbled);
      await expectVisible(partner.getByRole('heading', { name: "We couldn't hear that clearly" }), 30_000);
      await expectVisible(partner.getByText('You can record again (2 of 3)'));
      // The member's screen says what is happening (a partner who never records again ends it denied: retakes.spec.ts).
      await expectVisible(member.getByRole('heading', { name: 'Your partner is recording again' }));
      await expectHidden(member.getByText('AI is Analyzing'));
      await expectHidden(member.getByRole('heading', { name: 'Good News' }));

      await nextTake(quiet);
      await partner.getByRole('button', { name: 'Record again' }).click();
      await partnerRecords(partner, quiet);
      await expectVisible(partner.getByRole('heading', { name: 'Consent Granted' }), 30_000);
      await expectVisible(member.getByRole('heading', { name: 'Good News' }), 20_000);

      const [session] = await e2e.server.sql<{ attempts: number; ai_verdict: string }>(
        `SELECT attempts, ai_verdict FROM consent.consent_sessions ORDER BY created_at DESC LIMIT 1`,
      );
      expect(session).toEqual({ attempts: 2, ai_verdict: 'granted' });
    } finally {
      await partnerContext.close();
    }
  });
});
