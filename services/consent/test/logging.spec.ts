import { setTimeout as sleep } from 'node:timers/promises';
import { call, createSession, decisionFields, PARTNER, processVideo, storedRecording } from './consent-api';
import { ConsentTestApp, startConsentTestApp, testRecordingFixtures } from './consent-test-app';

/**
 * What the service logs must hold no personal data or secrets. pino writes to process.stdout itself when
 * process.stdout.write has been replaced before the logger is built, so the capture is installed before the app starts.
 */
describe('logs', () => {
  let consent: ConsentTestApp;
  const written: string[] = [];
  const originalWrite = process.stdout.write;

  beforeAll(async () => {
    process.stdout.write = ((chunk: string | Uint8Array) => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }) as typeof process.stdout.write;
    try {
      consent = await startConsentTestApp({ LOG_LEVEL: 'info' });
    } catch (error) {
      process.stdout.write = originalWrite;
      throw error;
    }
  });
  afterAll(async () => {
    process.stdout.write = originalWrite;
    await consent?.close();
  });

  it('logs each request by method, path and status only: no names, phone numbers, tokens or query strings', async () => {
    const session = await createSession(consent, undefined, { initiatorFullName: 'Initiator Secretname', initiatorPictureUrl: null });
    await call(consent, 'get', `/sessions/qr/${session.qrCodeId}?token=${session.recipientToken}`).set('X-Recipient-Token', session.recipientToken);
    const assetId = await storedRecording(consent, session, await testRecordingFixtures.webm());
    await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    await processVideo(consent, session, { ...decisionFields(session, assetId), recipient_phone: '' }).expect(400);
    await sleep(100);

    const log = written.join('');
    const entries = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; req?: Record<string, unknown> });
    const paths = entries.filter((entry) => entry.msg === 'request completed').map((entry) => entry.req?.path);
    expect(paths).toEqual(expect.arrayContaining(['/sessions', `/sessions/qr/${session.qrCodeId}`, '/video-assets', '/uploads', '/process-video']));
    for (const entry of entries.filter((candidate) => candidate.req)) expect(Object.keys(entry.req!).sort()).toEqual(['id', 'method', 'path']);

    for (const secret of ['Initiator Secretname', PARTNER.name, PARTNER.phone, PARTNER.phone.replace(/\D/g, ''), session.recipientToken, consent.internalToken]) {
      expect(log).not.toContain(secret);
    }
  });
});
