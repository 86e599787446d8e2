import { CapturedStdout, captureStdout, makeTestRecording } from '@app/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  call,
  createSession,
  decisionFields,
  PARTNER,
  partnerHeaders,
  processVideo,
  storedRecording,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

/** What the service logs must hold no personal data or secrets. */
describe('logs', () => {
  let consent: ConsentTestApp;
  let output: CapturedStdout<ConsentTestApp>;

  beforeAll(async () => {
    output = await captureStdout(() => startConsentTestApp({ LOG_LEVEL: 'info' }));
    consent = output.value;
  });
  afterAll(async () => {
    output?.restore();
    await consent?.close();
  });

  it('logs each request by method, path and status only: no names, phone numbers, tokens or query strings', async () => {
    const session = await createSession(consent, undefined, {
      initiatorFullName: 'Initiator Secretname',
      initiatorPictureUrl: null,
    });
    await call(consent, 'get', `/sessions/qr/${session.qrCodeId}?token=${session.recipientToken}`).set(
      partnerHeaders(session),
    );
    const assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
    await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    await processVideo(consent, session, { ...decisionFields(session, assetId), recipient_phone: '' }).expect(400);
    await sleep(100);

    const log = output.text();
    const entries = output.entries();
    const paths = entries.filter((entry) => entry.msg === 'request completed').map((entry) => entry.req?.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/sessions',
        `/sessions/qr/${session.qrCodeId}`,
        '/video-assets',
        '/uploads',
        '/process-video',
      ]),
    );
    for (const entry of entries.filter((candidate) => candidate.req))
      expect(Object.keys(entry.req!).sort()).toEqual(['id', 'method', 'path']);

    for (const secret of [
      'Initiator Secretname',
      PARTNER.name,
      PARTNER.phone,
      PARTNER.phone.replace(/\D/g, ''),
      session.recipientToken,
      consent.internalToken,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
