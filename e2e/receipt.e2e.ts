// The partner's receipt end to end: a partner consents on their phone, their verification text (read where the `log`
// provider keeps it: it sends nothing) links to their receipt, which shows what was heard; they withdraw there, and the
// member's open session screen turns to 'Consent Withdrawn' without a reload (the socket brings it).
import { textedReceiptLink } from '@app/testing';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  eventually,
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

const PARTNER_NAME = 'Jordan Lee';
const STATEMENT = `My name is ${PARTNER_NAME} and I consent.`;
const VERDICT_TIMEOUT_MS = 20_000;

let media: FakeMedia;
const e2e = useE2e(DESKTOP, async () => {
  media = await makeFakeMedia(STATEMENT);
  return fakeMediaArgs(media);
});

/** The partner answers on their phone as in live-updates.e2e.ts: details, safety questions, the spoken statement, Yes. */
async function consentAsPartner(partner: Page, link: string): Promise<void> {
  await partner.goto(link);
  await expectVisible(partner.getByText('Sam Rivera'));
  await answerUpToRecording(partner, PARTNER_NAME);
  await expectVisible(partner.getByText('Saying Yes?'));
  await partner.getByRole('button', { name: 'Start recording' }).click();
  await partner.waitForTimeout(Math.ceil(media.speechSeconds * 1000) + 1500);
  await partner.getByRole('button', { name: 'Stop recording' }).click();
  await expectVisible(partner.getByText('Review & Consent'));
  await partner.getByRole('button', { name: 'Yes, I consent' }).click();
  await expectVisible(partner.getByRole('heading', { name: 'Consent Granted' }), VERDICT_TIMEOUT_MS);
}

describe("the partner's receipt", () => {
  test(
    "a partner opens the receipt from their text, sees the transcript and withdraws; the member's open screen shows it withdrawn",
    async () => {
      const { server, context, page: member } = e2e;
      const account = await registerMember(server, newAccount('Sam Rivera'), context);
      const created = member.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/consent/sessions' && response.request().method() === 'POST',
      );
      await member.goto('/consent/new');
      await confirmMemberPhone(member, account.phoneNumber);
      const session = (await (await created).json()) as { id: string; qrCodeId: string };
      await expectVisible(member.getByText('Waiting on Response'));
      const link = await scanQrCode(member);

      const partnerContext = await newContext(e2e, MOBILE);
      try {
        const partner = await partnerContext.newPage();
        await consentAsPartner(partner, link);
        await expectVisible(member.getByRole('heading', { name: 'Good News' }), VERDICT_TIMEOUT_MS);

        const { text, link: receiptLink, secret } = await textedReceiptLink(server.devTexts, session.id);
        expect(text).toContain(session.qrCodeId);
        expect(text).not.toMatch(/granted|denied/i);
        // The outbox row, once marked sent, keeps the text without the link's secret.
        await eventually(async () => {
          const rows = (await server.sql(
            `SELECT body FROM consent.text_messages WHERE session_id = $1 AND recipient = 'partner' AND purpose = 'verdict'`,
            [session.id],
          )) as { body: string }[];
          expect(rows.map((row) => row.body)).toEqual([text.replace(`#${secret}`, '')]);
        });

        // The secret is in the fragment: the server logs and Referer never see it.
        const receipt = await partnerContext.newPage();
        const receiptCalls: string[] = [];
        receipt.on('request', (request) => receiptCalls.push(request.url()));
        await receipt.goto(receiptLink);
        await expectVisible(receipt.getByRole('heading', { name: 'Your consent receipt' }));
        await expectVisible(receipt.getByText(/my name is jordan/i));
        await expectVisible(receipt.getByText('You can withdraw your consent at any time.'));
        expect(receiptCalls.filter((url) => url.includes(secret))).toEqual([]);

        await receipt.getByRole('button', { name: 'Withdraw my consent' }).click();
        await receipt.getByRole('button', { name: 'Yes, withdraw my consent' }).click();
        await expectVisible(receipt.getByText(/You withdrew your consent on/));

        // Without a reload: the member's screen is told over the socket.
        await expectVisible(member.getByRole('heading', { name: 'Consent Withdrawn' }));
        await expectHidden(member.getByRole('heading', { name: 'Good News' }));
        const events = (await server.sql(
          `SELECT event FROM consent.audit_log WHERE session_id = $1 AND event = 'consent_withdrawn'`,
          [session.id],
        )) as unknown[];
        expect(events).toHaveLength(1);
        const memberTexts = (await server.sql(
          `SELECT body FROM consent.text_messages WHERE session_id = $1 AND purpose = 'withdrawal'`,
          [session.id],
        )) as { body: string }[];
        expect(memberTexts.map((row) => row.body)).toEqual([
          `ConsentIQ: consent in your session ${session.qrCodeId} has been withdrawn. Open the app to see it.`,
        ]);
      } finally {
        await partnerContext.close();
      }
    },
    VERDICT_TIMEOUT_MS + 90_000,
  );
});
