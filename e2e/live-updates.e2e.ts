// Live verdicts on two phones: the member's screen changes the moment the verdict exists, delivered by the socket.
// To prove it is the socket and not the 2 s polling, the member page's reads of the session are blocked (aborted)
// once the QR code shows: from then on only the socket can bring the verdict. With the socket up the page does not
// poll at all: it reads the session once when the socket connects.
// Only the media worker's analysis of the recorded statement (real ffmpeg and PocketSphinx) grants consent.
import type { Page, WebSocket } from 'playwright-core';
import { DESKTOP, expectVisible, MOBILE, newAccount, newContext, registerMember, useE2e } from './support/browser';
import { type FakeMedia, fakeMediaArgs, makeFakeMedia } from './support/fake-media';
import { answerUpToRecording } from './support/partner-form';
import { confirmMemberPhone } from './support/phone-code';
import { scanQrCode } from './support/qr-code';

const PARTNER_NAME = 'Jordan Lee';
const STATEMENT = `My name is ${PARTNER_NAME} and I consent.`;
/** The verdict takes about a second after the upload; the margin is for a loaded CI machine. */
const VERDICT_TIMEOUT_MS = 20_000;

let media: FakeMedia;
const e2e = useE2e(DESKTOP, async () => {
  media = await makeFakeMedia(STATEMENT);
  return fakeMediaArgs(media);
});

/** Resolves once the page's Socket.IO connection is accepted (the server's CONNECT packet, `40`, arrived). */
function liveSocketConnected(page: Page): Promise<WebSocket> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!new URL(socket.url()).pathname.startsWith('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve(socket);
      });
    });
  });
}

interface MemberScreen {
  page: Page;
  link: string;
  /** Reads of the session the page tried since its socket connected (all blocked). */
  readsSinceConnected(): number;
}

/**
 * The member's /consent/new with the session shown, every read of the session aborted from then on, and the live
 * socket connected.
 */
async function memberWithPollingBlocked(): Promise<MemberScreen> {
  const { server, context, page } = e2e;
  const member = await registerMember(server, newAccount('Sam Rivera'), context);
  const connected = liveSocketConnected(page);
  const created = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/consent/sessions' && response.request().method() === 'POST',
  );
  await page.goto('/consent/new');
  await confirmMemberPhone(page, member.phoneNumber);
  const session = (await (await created).json()) as { id: string };
  await expectVisible(page.getByText('Waiting on Response'));

  let blocked = 0;
  await page.route(`**/api/consent/sessions/${session.id}`, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    blocked++;
    await route.abort();
  });
  await connected;
  const atConnect = blocked;
  const link = await scanQrCode(page);
  return { page, link, readsSinceConnected: () => blocked - atConnect };
}

/** The page read the session at most once since its socket connected (the read on connecting): it did not poll. */
function expectNoPolling(member: MemberScreen): void {
  expect(member.readsSinceConnected()).toBeLessThanOrEqual(1);
}

describe('live verdicts across two phones', () => {
  test("a partner who declines before recording: the member's page shows 'No Consent' through the socket", async () => {
    const member = await memberWithPollingBlocked();
    const partnerContext = await newContext(e2e, MOBILE);
    try {
      const partner = await partnerContext.newPage();
      await partner.goto(member.link);
      await expectVisible(partner.getByText('Sam Rivera'));
      // Step 0, before any recording: the refusal is stored at once.
      await partner.getByRole('button', { name: "No, I don't consent" }).click();
      await expectVisible(partner.getByRole('heading', { name: 'Consent Declined' }));

      await expectVisible(member.page.getByRole('heading', { name: 'No Consent' }));
      expectNoPolling(member);
    } finally {
      await partnerContext.close();
    }
  });

  test(
    "a partner who says their name and consents: the member's page shows 'Good News' through the socket",
    async () => {
      const member = await memberWithPollingBlocked();
      const partnerContext = await newContext(e2e, MOBILE);
      try {
        const partner = await partnerContext.newPage();
        await partner.goto(member.link);
        await expectVisible(partner.getByText('Sam Rivera'));
        await answerUpToRecording(partner, PARTNER_NAME);

        // Step 1: the fake microphone says the statement while recording.
        await expectVisible(partner.getByText('Saying Yes?'));
        await expectVisible(partner.getByText(/Speak in English/));
        await partner.getByRole('button', { name: 'Start recording' }).click();
        await partner.waitForTimeout(Math.ceil(media.speechSeconds * 1000) + 1500);
        await partner.getByRole('button', { name: 'Stop recording' }).click();

        await expectVisible(partner.getByText('Review & Consent'));
        await partner.getByRole('button', { name: 'Yes, I consent' }).click();

        await expectVisible(member.page.getByRole('heading', { name: 'Good News' }), VERDICT_TIMEOUT_MS).catch(
          async (error: Error) => {
            const verdicts = await e2e.server.sql('SELECT outcome, reasons, transcript FROM consent.verdicts');
            throw new Error(`${error.message}\nStored verdicts: ${JSON.stringify(verdicts)}`);
          },
        );
        expectNoPolling(member);
        await expectVisible(partner.getByRole('heading', { name: 'Consent Granted' }), VERDICT_TIMEOUT_MS);
      } finally {
        await partnerContext.close();
      }
    },
    VERDICT_TIMEOUT_MS + 60_000,
  );
});
