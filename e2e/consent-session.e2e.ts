// The consent flow on two phones: the member shows a QR code, the partner scans it (decoded from the page as a
// camera would), fills the form and records with Chromium's fake camera and microphone (a spoken statement made
// with flite), and says yes; the member's screen reaches the verdict and the stored recording decrypts to a playable
// WebM. A No to a safety question reads to the member as a No pressed at the camera does.
import { EncryptedStorage, KeyRing, LocalDirectoryStorage, ringWithScopeKey } from '@app/storage';
import { drawnLines, maskedIdsAndTimes } from '@app/testing';
import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  eventually,
  expectMemberSession,
  expectVisible,
  MOBILE,
  newAccount,
  newContext,
  registerMember,
  useE2e,
} from './support/browser';
import {
  decodeFully,
  type FakeMedia,
  fakeMediaArgs,
  makeFakeMedia,
  maxVolumeDb,
  probeStreams,
} from './support/fake-media';
import { answerUpToRecording, answerUpToSafetyQuestions, newSession } from './support/partner-form';
import { confirmMemberPhone, proveMemberPhone } from './support/phone-code';
import { scanQrCode } from './support/qr-code';
import { answerSafetyQuestions, answerSafetyQuestionsYes } from './support/safety-questions';

const STATEMENT = 'My name is Jordan Lee and I consent.';
let media: FakeMedia;
const e2e = useE2e(DESKTOP, async () => {
  media = await makeFakeMedia(STATEMENT);
  return fakeMediaArgs(media);
});

describe('consent session across two phones', () => {
  test('the partner scans, records and consents; the member sees the verdict; the recording is stored encrypted', async () => {
    const { server, context, page } = e2e;
    const member = await registerMember(server, newAccount('Sam Rivera'), context);

    await page.goto('/consent/new');
    // A new member proves their own phone before their first session; the session is created once they have.
    await confirmMemberPhone(page, member.phoneNumber);
    await expectVisible(page.getByText('Waiting on Response'));
    const sessionId = await expectMemberSession(page);
    const link = await scanQrCode(page);
    // A reload shows the same session and the same QR code, not a new session.
    await page.reload();
    await expectVisible(page.getByText('Waiting on Response'));
    expect(await scanQrCode(page)).toBe(link);
    const escapedBase = server.baseURL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(link).toMatch(
      new RegExp(`^${escapedBase}/consent/form/ciq-[a-z0-9]+-[a-z0-9]+\\?token=[A-Za-z0-9_-]{22,}$`),
    );
    const qrCodeId = new URL(link).pathname.split('/').pop()!;

    const partnerContext = await newContext(e2e, MOBILE);
    try {
      const partner = await partnerContext.newPage();
      const scripts: string[] = [];
      partner.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await partner.goto(link);

      // Step 0: who is asking, and who answers.
      await expectVisible(partner.getByText('Sam Rivera'));
      await answerUpToRecording(partner, 'Jordan Lee');

      // Step 1: record the statement from the fake microphone, then stop.
      await expectVisible(partner.getByText('Saying Yes?'));
      await partner.getByRole('button', { name: 'Start recording' }).click();
      await partner.waitForTimeout(Math.ceil(media.speechSeconds * 1000) + 1500);
      await partner.getByRole('button', { name: 'Stop recording' }).click();

      // Step 2: review and consent.
      await expectVisible(partner.getByText('Review & Consent'));
      await expectVisible(partner.getByText(/\d+(\.\d+)? KB/));
      await partner.getByRole('button', { name: 'Yes, I consent' }).click();

      // The member's screen reaches the verdict: the media worker analyses the spoken statement (about a second), so
      // 'AI is Analyzing' may show only briefly or not at all.
      await expectVisible(page.getByRole('heading', { name: 'Good News' }), 20_000);
      // And after a reload, or coming back to the address later, the verdict is still there.
      await page.reload();
      await expectVisible(page.getByRole('heading', { name: 'Good News' }));
      expect(new URL(page.url()).pathname).toBe(`/consent/sessions/${sessionId}`);

      // The partner's page is its own chunk: no landing-page or dashboard code came down to the phone.
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((path) => /landing|dashboard/i.test(path))).toEqual([]);
    } finally {
      await partnerContext.close();
    }

    const [row] = await server.sql<{
      storage_key: string;
      sha256: string;
      mime_type: string;
      ai_verdict: string;
      recipient_decision: string;
    }>(
      `SELECT a.storage_key, a.sha256, a.mime_type, s.ai_verdict, s.recipient_decision
         FROM consent.consent_sessions s JOIN consent.video_assets a ON a.id = s.video_asset_id
        WHERE s.qr_code_id = $1`,
      [qrCodeId],
    );
    expect(row).toMatchObject({ mime_type: 'video/webm', ai_verdict: 'granted', recipient_decision: 'yes' });

    // On disk: ciphertext that decrypts, with the server's key ring, to a playable WebM with an audio track.
    // Its data key is wrapped under the session's own key (kept wrapped under the KEK in the database).
    const keyRing = KeyRing.fromConfig(server.encryptionKeys.spec, server.encryptionKeys.activeId);
    const [{ wrapped_key: wrapped }] = await server.sql<{ wrapped_key: Buffer }>(
      `SELECT wrapped_key FROM consent.recording_keys WHERE session_id = $1`,
      [sessionId],
    );
    const storage = new EncryptedStorage(new LocalDirectoryStorage(server.storageDir), keyRing);
    const plaintext = await buffer(
      await storage.get(row.storage_key, ringWithScopeKey(keyRing, sessionId, wrapped, false)),
    );
    expect(createHash('sha256').update(plaintext).digest('hex')).toBe(row.sha256);
    const onDisk = await buffer(await new LocalDirectoryStorage(server.storageDir).get(row.storage_key));
    expect(onDisk.includes(plaintext.subarray(0, 64))).toBe(false);

    const file = join(await mkdtemp(join(tmpdir(), 'e2e-recording-')), 'recording.webm');
    await writeFile(file, plaintext);
    const probe = await probeStreams(file);
    expect(probe.format).toMatch(/webm/);
    expect(probe.streams).toEqual(
      expect.arrayContaining([expect.stringMatching(/^video:/), expect.stringMatching(/^audio:/)]),
    );
    await decodeFully(file);
    // The statement really reached the recording: its audio is not silence.
    expect(await maxVolumeDb(file)).toBeGreaterThan(-40);
  });

  test('a No to a safety question and a No pressed on the recording step read the same to the member: certificate (JSON and PDF), history and session', async () => {
    const { server } = e2e;
    const member = await registerMember(server, newAccount('Sam Rivera'));
    await proveMemberPhone(server, member);
    const [stopped, refused] = [await newSession(server, member), await newSession(server, member)];
    const asMember = async (path: string) => {
      const response = await fetch(`${server.baseURL}${path}`, {
        headers: { Authorization: `Bearer ${member.token}` },
      });
      expect(response.status).toBe(200);
      return response;
    };

    // Each partner on their own phone: one is not clear-headed; the other says Yes to both, then No at the camera.
    for (const [session, answer] of [
      [stopped, (partner: Page) => answerSafetyQuestions(partner, { freeToSayNo: true, clearHeaded: false })],
      [
        refused,
        async (partner: Page) => {
          await answerSafetyQuestionsYes(partner);
          await expectVisible(partner.getByText('Saying Yes?'));
          await partner.getByRole('button', { name: "No, I don't consent" }).click();
        },
      ],
    ] as const) {
      const phone = await newContext(e2e, MOBILE);
      try {
        const partner = await phone.newPage();
        await partner.goto(session.link);
        await answerUpToSafetyQuestions(partner, 'Jordan Lee');
        await answer(partner);
        await eventually(async () =>
          expect((await (await asMember(`/api/consent/sessions/${session.id}`)).json()).verificationTextSent).toBe(
            true,
          ),
        );
      } finally {
        await phone.close();
      }
    }

    const masked = (value: unknown, session: typeof stopped) =>
      maskedIdsAndTimes(value, [session.id, new URL(session.link).pathname.split('/').pop()!]);
    const seen = async (session: typeof stopped) => {
      const { certificate } = (await (await asMember(`/api/consent/sessions/${session.id}/certificate`)).json()) as {
        certificate: Record<string, unknown>;
      };
      const pdf = drawnLines(
        Buffer.from(await (await asMember(`/api/consent/sessions/${session.id}/certificate.pdf`)).arrayBuffer()),
      );
      const history = (await (await asMember('/api/consent/sessions')).json()) as { sessions: { id: string }[] };
      return {
        fields: Object.keys(certificate).sort(),
        certificate: masked(certificate, session),
        // The readable part: the signed JSON printed after it wraps anywhere.
        pdf: pdf.slice(0, pdf.indexOf('Verify this certificate')).map((line) => masked(line, session)),
        history: masked(
          history.sessions.find((row) => row.id === session.id),
          session,
        ),
        session: masked(await (await asMember(`/api/consent/sessions/${session.id}`)).json(), session),
      };
    };
    const [stoppedSeen, refusedSeen] = [await seen(stopped), await seen(refused)];
    expect(stoppedSeen.pdf.length).toBeGreaterThan(20);
    expect(stoppedSeen).toEqual(refusedSeen);
    expect(stoppedSeen.certificate).toContain('"reasons":["pressed_no"]');
  });
});
