// The partner's page on a phone: what it downloads. Every script comes compressed, and all of them up to the
// recording stay within 110 KB of gzip JavaScript (issue 8); no page of the flow trips the Content-Security-Policy.
// Recording loads the rest on its own allowance: the live hearing (issue 34: its code, its audio worklet and
// socket.io-client, which the page loaded anyway once a recording was sent, to follow the verdict) and the review step.
// Once the take is stored and its analysis asked for, the result screen's code follows, while the partner reviews
// (its verdict may come with the answer): code every answer loaded anyway, now fetched earlier, counted on its own.
import http from 'node:http';
import { buffer } from 'node:stream/consumers';
import type { Response } from 'playwright-core';
import { eventually, expectVisible, MOBILE, takeCspViolations, useE2e } from './support/browser';
import { answerUpToRecording, partnerLink } from './support/partner-form';

const BUDGET_BYTES = 110_000;
/** What recording adds: the live hearing's code, its audio worklet, socket.io-client and the review step. */
const LIVE_HEARING_BYTES = 20_000;
/** The answer's screens, fetched during the review. */
const ANSWER_SCREENS_BYTES = 8_000;

const e2e = useE2e(MOBILE, async () => ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);

/** The script as a gzip-only client receives it: its encoding and the size of the bytes sent. */
function gzipTransfer(url: string): Promise<{ encoding: string | undefined; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
        buffer(response).then(
          (body) => resolve({ encoding: response.headers['content-encoding'], bytes: body.length }),
          reject,
        );
      })
      .on('error', reject);
  });
}

describe("the partner's page on a phone", () => {
  test("loads at most 110 KB of gzip JavaScript up to the recording, 20 KB more once recording (live hearing, review) and 8 KB of the answer's screens during review, every script compressed, without a CSP violation", async () => {
    const { page } = e2e;
    const scripts: Response[] = [];
    let sessionLookups = 0;
    /** The scripts asked for after the take's analysis was: the answer's screens, fetched once it is answered. */
    const answerScreenScripts = new Set<string>();
    let heldAsked = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/held-analysis')) heldAsked = true;
      else if (heldAsked && request.resourceType() === 'script') answerScreenScripts.add(request.url());
    });
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
      if (new URL(response.url()).pathname.startsWith('/api/consent/sessions/qr/')) sessionLookups++;
    });

    await page.goto(await partnerLink(e2e.server));
    await expectVisible(page.getByRole('heading', { name: 'Your details' }));
    await expectVisible(page.getByText('Alex Tester'));
    // The rest of the flow on this page: the camera preview and a recording (Chromium's fake camera).
    await answerUpToRecording(page, 'Jordan Lee');
    await expectVisible(page.getByRole('button', { name: 'Start recording' }));
    await page.waitForLoadState('networkidle');
    const beforeRecording = scripts.length;
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.waitForTimeout(1_500);
    const held = page.waitForResponse((response) => response.url().endsWith('/held-analysis'));
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await expectVisible(page.getByText('Review & Consent'));
    expect((await held).status()).toBe(202);
    // The result screen's code follows the take's analysis being asked for; every script asked for has arrived.
    await eventually(() => {
      const arrived = new Set(scripts.map((response) => response.url()));
      expect([...answerScreenScripts].some((url) => /partner-result/.test(url))).toBe(true);
      expect([...answerScreenScripts].filter((url) => !arrived.has(url))).toEqual([]);
    });

    // Asked for once, while the page's code was still loading (main.tsx), and not again by the page.
    expect(sessionLookups).toBe(1);
    expect(scripts.length).toBeGreaterThan(0);
    // As the phone received them: compressed (brotli, or gzip for the few tiny files brotli does not make smaller).
    const sent = await Promise.all(
      scripts.map(async (response) => ({
        path: new URL(response.url()).pathname,
        status: response.status(),
        encoding: await response.headerValue('content-encoding'),
      })),
    );
    expect(sent.filter((script) => script.status !== 200 || !['br', 'gzip'].includes(script.encoding ?? ''))).toEqual(
      [],
    );
    expect(sent.filter((script) => script.encoding === 'br').length).toBeGreaterThan(sent.length / 2);

    const gzip = await Promise.all(scripts.map((response) => gzipTransfer(response.url())));
    expect(gzip.filter((script) => script.encoding !== 'gzip')).toEqual([]);
    const sum = (list: { bytes: number }[]) => list.reduce((total, script) => total + script.bytes, 0);
    const answerScreen = scripts.map((response) => answerScreenScripts.has(response.url()));
    const total = sum(gzip.slice(0, beforeRecording));
    const live = sum(gzip.slice(beforeRecording).filter((_, index) => !answerScreen[beforeRecording + index]));
    const answerScreens = sum(gzip.filter((_, index) => answerScreen[index]));
    const brotli = (
      await Promise.all(scripts.map(async (response) => (await response.request().sizes()).responseBodySize))
    ).reduce((a, b) => a + b, 0);
    const each = sent
      .map((script, index) => `${script.path.split('/').pop()} ${(gzip[index].bytes / 1000).toFixed(2)}`)
      .join(', ');
    console.log(
      `partner page: ${scripts.length} scripts, ${(total / 1000).toFixed(1)} KB gzip up to the recording, ${(live / 1000).toFixed(1)} KB once recording, ${(answerScreens / 1000).toFixed(1)} KB of the answer's screens during review (${(brotli / 1000).toFixed(1)} KB brotli as sent in all): ${each}`,
    );
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(sent.slice(beforeRecording).map((script) => script.path)).toContainEqual(
      expect.stringMatching(/live-hearing/),
    );
    expect(live).toBeLessThanOrEqual(LIVE_HEARING_BYTES);
    expect(sent.filter((_, index) => answerScreen[index]).map((script) => script.path)).toContainEqual(
      expect.stringMatching(/partner-result/),
    );
    expect(answerScreens).toBeLessThanOrEqual(ANSWER_SCREENS_BYTES);
    expect(takeCspViolations()).toEqual([]);
  });
});
