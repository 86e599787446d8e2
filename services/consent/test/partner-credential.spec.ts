import { hashRecipientToken, NEW_PARTNER_CREDENTIAL_HEADER } from '@app/session-views';
import { latestPhoneCode, makeTestRecording } from '@app/testing';
import request from 'supertest';
import {
  auditRows,
  call,
  confirmPhoneCode,
  type CreatedSession,
  createSession,
  decisionFields,
  devTexts,
  expectAnswer,
  PARTNER,
  PARTNER_IS_MEMBER,
  PARTNER_PHONE_REQUIRED,
  partnerHeaders,
  processVideo,
  sendPhoneCode,
  sessionRow,
  storedRecording,
  verifyPartnerPhone,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

/**
 * The partner is a second person: the session's member never acts as the partner, and once the partner's phone is
 * proved only the browser that proved it (its credential) does, not the link's token the member's screen showed.
 */
describe('the partner credential', () => {
  let consent: ConsentTestApp;

  beforeAll(async () => {
    consent = await startConsentTestApp();
  });
  afterAll(() => consent.close());

  /** Every partner action, as the gateway forwards it, with the given headers and nothing else of the partner's. */
  const actions = (session: CreatedSession, headers: Record<string, string>) => ({
    sendCode: () =>
      call(consent, 'post', `/sessions/${session.id}/phone-verification`)
        .set(headers)
        .send({ recipientPhone: '+1 555 987 6543' }),
    confirmCode: () =>
      call(consent, 'post', `/sessions/${session.id}/phone-verification/confirm`).set(headers).send({ code: '123456' }),
    safetyAnswers: () =>
      call(consent, 'post', `/sessions/${session.id}/safety-check`)
        .set(headers)
        .send({ freeToSayNo: false, clearHeaded: true }),
    videoAsset: () =>
      call(consent, 'post', '/video-assets').set(headers).send({
        sessionId: session.id,
        filename: 'a.webm',
        mimeType: 'video/webm',
        fileSize: 1000,
        storageKey: 'x',
        isEncrypted: true,
      }),
    upload: async () =>
      call(consent, 'post', '/uploads')
        .set(headers)
        .field('sessionId', session.id)
        .field('videoAssetId', '5f1c9a52-6d0e-4a51-9b8e-3d1f4c2a7b10')
        .attach('video', await makeTestRecording('webm'), { filename: 'a.webm', contentType: 'video/webm' }),
    processVideo: async () =>
      processVideo(consent, session, decisionFields(session), await makeTestRecording('webm'), headers),
    statusNo: () => call(consent, 'patch', `/sessions/${session.id}/status`).set(headers).send({ status: 'denied' }),
    withdraw: () => call(consent, 'post', `/sessions/${session.id}/withdraw`).set(headers),
  });

  async function expectEachRefused(
    session: CreatedSession,
    headers: Record<string, string>,
    status: number,
    body: unknown,
  ): Promise<void> {
    const before = await sessionRow(consent, session.id);
    for (const [name, act] of Object.entries(actions(session, headers))) {
      const response = await act();
      expect({ name, status: response.status, body: response.body }).toEqual({ name, status, body });
    }
    expect(await sessionRow(consent, session.id)).toEqual(before);
  }

  const linkOnly = (session: CreatedSession) => ({ 'X-Recipient-Token': session.recipientToken });
  const read = (path: string, headers: Record<string, string>) => call(consent, 'get', path).set(headers).expect(200);

  it('refuses every partner action to the link token alone once the phone is proved, changing nothing', async () => {
    const session = await createSession(consent);
    const { sendCode: _proveAgain, confirmCode: _confirmAgain, ...afterProof } = actions(session, linkOnly(session));
    const before = await sessionRow(consent, session.id);
    for (const [name, act] of Object.entries(afterProof)) {
      const response = await act();
      expect({ name, status: response.status, body: response.body }).toEqual({
        name,
        status: 403,
        body: PARTNER_PHONE_REQUIRED,
      });
    }
    expect(await sessionRow(consent, session.id)).toEqual(before);
  });

  it('moves the credential to another browser only by a new code texted to the proved number', async () => {
    const session = await createSession(consent, undefined, undefined, { verifyPhone: false });
    await verifyPartnerPhone(consent, session);
    const first = session.partnerCredential!;
    const provedAt = (await sessionRow(consent, session.id)).phone_verified_at;
    const other = { ...session, partnerCredential: null };
    // Another number is refused; the proved one is texted a new code, which the other browser types.
    expectAnswer(await sendPhoneCode(consent, other, '+1 555 000 1111'), 409, {
      error: 'A phone number is already verified for this consent session',
      code: 'phone_already_verified',
    });
    expect((await sendPhoneCode(consent, other, PARTNER.phone).expect(200)).body).toMatchObject({ verified: false });
    const code = await latestPhoneCode(devTexts(consent), session.id, 2);
    const moved = await confirmPhoneCode(consent, other, code).expect(200);
    const second = moved.headers[NEW_PARTNER_CREDENTIAL_HEADER] as string;
    expect(second).toMatch(/^[\w-]{43}$/);
    expect(second).not.toBe(first);
    const row = await sessionRow(consent, session.id);
    expect(row).toMatchObject({ partner_credential_hash: hashRecipientToken(second), phone_verified_at: provedAt });
    // The first browser no longer acts for the partner; the new one does.
    expectAnswer(
      await call(consent, 'patch', `/sessions/${session.id}/status`)
        .set(partnerHeaders(session))
        .send({ status: 'denied' }),
      403,
      PARTNER_PHONE_REQUIRED,
    );
    await call(consent, 'patch', `/sessions/${session.id}/status`)
      .set(partnerHeaders({ ...session, partnerCredential: second }))
      .send({ status: 'denied' })
      .expect(200);
    expect((await auditRows(consent, session.id)).filter((entry) => entry.event === 'phone_verified')).toHaveLength(2);
  });

  it("refuses every partner action to the session's member, with the link's token and even the credential", async () => {
    const unproved = await createSession(consent, undefined, undefined, { verifyPhone: false });
    await expectEachRefused(
      unproved,
      { 'X-Actor-User-Id': unproved.initiatorUserId, ...linkOnly(unproved) },
      403,
      PARTNER_IS_MEMBER,
    );
    const proved = await createSession(consent);
    await expectEachRefused(
      proved,
      { 'X-Actor-User-Id': proved.initiatorUserId, ...partnerHeaders(proved) },
      403,
      PARTNER_IS_MEMBER,
    );
  });

  it("answers the link token alone the session's state without the partner's check, and the member's own view too", async () => {
    const session = await createSession(consent);
    for (const path of [`/sessions/${session.id}`, `/sessions/qr/${session.qrCodeId}`]) {
      expect((await read(path, linkOnly(session))).body).toMatchObject({
        id: session.id,
        check: null,
        phoneVerifiedAt: expect.any(String),
      });
      expect(
        (await read(path, { 'X-Actor-User-Id': session.initiatorUserId, ...partnerHeaders(session) })).body.check,
      ).toBeNull();
      expect((await read(path, partnerHeaders(session))).body.check).toMatchObject({ attempt: 0, answer: null });
    }
  });

  it('lets the credential record and read what was heard; the link token alone never reads it', async () => {
    const session = await createSession(consent);
    const assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
    expect((await processVideo(consent, session, decisionFields(session, assetId))).status).toBe(202);
    await request(consent.baseUrl)
      .post(`/analysis/${session.id}/verdict`)
      .set('X-Internal-Token', consent.mediaWorkerToken)
      .send({
        videoAssetId: assetId,
        outcome: 'granted',
        reasons: ['clear_consent'],
        transcript: 'my name is jordan lee and i consent',
        recogniser: 'test',
        timingsMs: {},
      })
      .expect(200);

    expect((await read(`/sessions/${session.id}`, partnerHeaders(session))).body.check.heard).toBe(
      'my name is jordan lee and i consent',
    );
    expect(JSON.stringify((await read(`/sessions/${session.id}`, linkOnly(session))).body)).not.toContain(
      'jordan lee and i consent',
    );
    expectAnswer(await actions(session, linkOnly(session)).withdraw(), 403, PARTNER_PHONE_REQUIRED);
    const withdrawn = await actions(session, partnerHeaders(session)).withdraw().expect(200);
    expect(withdrawn.body.withdrawnAt).toEqual(expect.any(String));
  });

  it('gives the credential to the browser that proves the phone, keeps only its hash, and to no other browser after', async () => {
    const session = await createSession(consent, undefined, undefined, { verifyPhone: false });
    await verifyPartnerPhone(consent, session);
    const credential = session.partnerCredential!;
    expect(credential).toMatch(/^[\w-]{43}$/);
    const row = await sessionRow(consent, session.id);
    expect(row.partner_credential_hash).toEqual(hashRecipientToken(credential));
    expect(JSON.stringify(row)).not.toContain(credential);

    // The same browser confirming again: the session as it is, no second credential.
    const again = await confirmPhoneCode(consent, session, '000000').expect(200);
    expect(again.headers[NEW_PARTNER_CREDENTIAL_HEADER]).toBeUndefined();
    // Another browser with the link's token and the right code: refused, nothing handed out.
    const other = await confirmPhoneCode(consent, { ...session, partnerCredential: null }, '000000');
    expectAnswer(other, 403, PARTNER_PHONE_REQUIRED);
    expect(other.headers[NEW_PARTNER_CREDENTIAL_HEADER]).toBeUndefined();
    expect((await sessionRow(consent, session.id)).partner_credential_hash).toEqual(hashRecipientToken(credential));
    expect((await auditRows(consent, session.id)).filter((row) => row.event === 'phone_verified')).toHaveLength(1);
  });
});
