import { consentSessionSchema } from '@app/contracts';
import { NEW_PARTNER_CREDENTIAL_HEADER } from '@app/session-views';
import { latestPhoneCode, makeTestRecording } from '@app/testing';
import { SPENT_CODE_TEXT } from '../src/text-messages/text-secrets';
import {
  auditRows,
  call,
  confirmPhoneCode,
  type CreatedSession,
  createSession,
  decisionFields,
  devTexts,
  eventually,
  expectAnswer,
  filesUnder,
  PARTNER,
  partnerHeaders,
  processVideo,
  registerAsset,
  sendPhoneCode,
  sessionRow,
  upload,
  verifyPartnerPhone,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';
import { MEMBER_PHONE, sessionWithPhone } from './text-message-helpers';

const NOT_VERIFIED = {
  error: 'Verify your phone number with the texted code before recording',
  code: 'phone_not_verified',
};

/** The partner proves their phone with a texted code before any recording is taken (issue 20). */
describe('the partner proves their phone', () => {
  let consent: ConsentTestApp;
  let nextNumber = 1000;
  /** A number no other test of this file texts, so the daily limit per number stays each test's own. */
  const freshPhone = () => `+1 555 300 ${String(nextNumber++).padStart(4, '0')}`;

  beforeAll(async () => {
    // The product's limit per number, not the other test files' raised one.
    consent = await startConsentTestApp({ PHONE_CODES_PER_NUMBER_PER_DAY: '10' });
  });
  afterAll(async () => {
    await consent?.close();
  });

  const unverified = () => createSession(consent, undefined, undefined, { verifyPhone: false });
  const codeOf = (session: CreatedSession, sends = 1) => latestPhoneCode(devTexts(consent), session.id, sends);
  const codeTexts = (session: CreatedSession): Promise<{ phone: string; body: string; recipient: string }[]> =>
    consent.dataSource.query(
      `SELECT phone, body, recipient FROM consent.text_messages WHERE session_id = $1 AND purpose = 'phone_code' ORDER BY created_at`,
      [session.id],
    );
  /** The code texts once none is pending: the provider has a text a moment before its row is marked sent. */
  const handedOver = async (session: CreatedSession) => {
    const pending = `SELECT id FROM consent.text_messages WHERE session_id = $1 AND status = 'pending'`;
    await eventually(async () => (await consent.dataSource.query(pending, [session.id])).length === 0);
    return codeTexts(session);
  };
  const verificationRow = async (session: CreatedSession) =>
    (
      await consent.dataSource.query(`SELECT * FROM consent.phone_verifications WHERE session_id = $1`, [session.id])
    )[0];
  /** Any code but the right one. */
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('texts a 6-digit code, keeps only its hash, and the right code proves the number the session then records', async () => {
    const session = await unverified();
    const phone = freshPhone();
    const sent = await sendPhoneCode(consent, session, phone).expect(200);
    expect(sent.body).toEqual({
      sentTo: `••••••${phone.slice(-2)}`,
      expiresAt: expect.any(String),
      resendsLeft: 3,
      verified: false,
    });
    const expiresIn = Date.parse(sent.body.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);

    const code = await codeOf(session);
    expect(code).toMatch(/^\d{6}$/);
    // The phone got the code; its outbox row, sent, keeps none.
    expect(await handedOver(session)).toEqual([
      { phone: phone.replace(/[^\d+]/g, ''), body: SPENT_CODE_TEXT, recipient: 'partner' },
    ]);
    const stored = await verificationRow(session);
    expect(stored.code_hash.toString('hex')).not.toContain(code);
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);

    const confirmed = await confirmPhoneCode(consent, session, code).expect(200);
    // From now on this browser acts for the partner with the credential it was given (partner-credential.spec.ts).
    session.partnerCredential = confirmed.headers[NEW_PARTNER_CREDENTIAL_HEADER];
    const view = consentSessionSchema.strict().parse(confirmed.body);
    expect(view.phoneVerifiedAt).not.toBeNull();
    const row = await sessionRow(consent, session.id);
    expect(row).toMatchObject({ recipient_phone: phone.replace(/[^\d+]/g, ''), phone_verified_at: expect.any(Date) });
    expect((await auditRows(consent, session.id)).map(({ event, details }) => ({ event, details }))).toEqual(
      expect.arrayContaining([
        { event: 'phone_code_sent', details: { send: 1 } },
        { event: 'phone_verified', details: { send: 1 } },
      ]),
    );
    expect(JSON.stringify(await auditRows(consent, session.id))).not.toContain(phone.replace(/\D/g, '').slice(-7));

    // Recording is now taken, with the number that was proved.
    await registerAsset(consent, session, 10_000).expect(201);
    const mine = { ...decisionFields(session), recipient_phone: phone, decision: 'no' };
    await processVideo(consent, session, mine, await makeTestRecording('webm')).expect(202);
    const verdict = (
      await consent.dataSource.query(`SELECT phone_verified_at FROM consent.verdicts WHERE session_id = $1`, [
        session.id,
      ])
    )[0];
    expect(verdict.phone_verified_at).toEqual(row.phone_verified_at);
  });

  it('keeps no code in clear once sent, used or not', async () => {
    const session = await unverified();
    await sendPhoneCode(consent, session, freshPhone()).expect(200);
    const code = await codeOf(session);
    const [unused] = await handedOver(session);
    expect(unused.body).toBe(SPENT_CODE_TEXT);
    await confirmPhoneCode(consent, session, code).expect(200);
    expect(await codeTexts(session)).toEqual([unused]);
  });

  it('refuses every way of recording before the phone is proved, storing nothing', async () => {
    const session = await unverified();
    const video = await makeTestRecording('webm');
    const before = await filesUnder(consent.storageDir);

    expectAnswer(await registerAsset(consent, session, video.length), 409, NOT_VERIFIED);
    expectAnswer(await upload(consent, session, '5f1c9a52-6d0e-4a51-9b8e-3d1f4c2a7b10', video), 409, NOT_VERIFIED);
    expectAnswer(await processVideo(consent, session, decisionFields(session), video), 409, NOT_VERIFIED);
    expectAnswer(
      await processVideo(consent, session, { ...decisionFields(session), decision: 'no' }, video),
      409,
      NOT_VERIFIED,
    );

    expect(
      await consent.dataSource.query(`SELECT id FROM consent.video_assets WHERE session_id = $1`, [session.id]),
    ).toEqual([]);
    expect(await filesUnder(consent.storageDir)).toEqual(before);
    expect(await sessionRow(consent, session.id)).toMatchObject({
      recipient_decision: null,
      consent_status: 'pending',
      phone_verified_at: null,
    });
  });

  it('refuses a recording submitted with a number other than the one proved', async () => {
    const session = await unverified();
    await verifyPartnerPhone(consent, session, freshPhone());
    const other = { ...decisionFields(session), recipient_phone: freshPhone() };
    expectAnswer(await processVideo(consent, session, other, await makeTestRecording('webm')), 409, NOT_VERIFIED);
    expect(await sessionRow(consent, session.id)).toMatchObject({ recipient_decision: null });
  });

  it('counts wrong codes: 5 tries, then even the right code is refused until a new one is sent', async () => {
    const session = await unverified();
    await sendPhoneCode(consent, session, freshPhone()).expect(200);
    const code = await codeOf(session);
    const left = ['4 tries left', '3 tries left', '2 tries left', '1 try left', 'ask for a new one'];
    for (const detail of left) {
      expectAnswer(await confirmPhoneCode(consent, session, wrong(code)), 400, {
        error: `That code is not right: ${detail}`,
        code: 'phone_code_wrong',
      });
    }
    expectAnswer(await confirmPhoneCode(consent, session, code), 429, {
      error: 'Too many wrong codes: ask for a new one',
      code: 'phone_code_tries_used',
    });
    expect(await sessionRow(consent, session.id)).toMatchObject({ phone_verified_at: null });

    // A new code has tries of its own; the old one no longer works.
    await sendPhoneCode(consent, session, (await verificationRow(session)).phone).expect(200);
    const fresh = await codeOf(session, 2);
    if (fresh !== code)
      expectAnswer(await confirmPhoneCode(consent, session, code), 400, {
        error: 'That code is not right: 4 tries left',
        code: 'phone_code_wrong',
      });
    await confirmPhoneCode(consent, session, fresh).expect(200);
  });

  it('refuses an expired code and a code typed before any was sent', async () => {
    const session = await unverified();
    expectAnswer(await confirmPhoneCode(consent, session, '123456'), 409, {
      error: 'Ask for a code first',
      code: 'phone_code_not_sent',
    });
    await sendPhoneCode(consent, session, freshPhone()).expect(200);
    await consent.dataSource.query(
      `UPDATE consent.phone_verifications SET expires_at = now() - interval '1 second' WHERE session_id = $1`,
      [session.id],
    );
    expectAnswer(await confirmPhoneCode(consent, session, await codeOf(session)), 410, {
      error: 'That code has expired: ask for a new one',
      code: 'phone_code_expired',
    });
  });

  it.each([
    ['not six digits', { code: '12345' }],
    ['letters', { code: 'abcdef' }],
    ['missing', {}],
  ])('answers 400 for a code that is %s', async (_case, body) => {
    const session = await unverified();
    const response = await call(consent, 'post', `/sessions/${session.id}/phone-verification/confirm`)
      .set(partnerHeaders(session))
      .send(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
  });

  it('allows 3 resends per session, each replacing the code', async () => {
    const session = await unverified();
    const phone = freshPhone();
    const codes: string[] = [];
    for (const resendsLeft of [3, 2, 1, 0]) {
      expect((await sendPhoneCode(consent, session, phone).expect(200)).body.resendsLeft).toBe(resendsLeft);
      codes.push(await codeOf(session, codes.length + 1));
    }
    expectAnswer(await sendPhoneCode(consent, session, phone), 429, {
      error: 'No more codes can be sent for this consent session',
      code: 'phone_code_resends_used',
    });
    expect(await codeTexts(session)).toHaveLength(4);
    const latest = codes[3];
    const older = codes.slice(0, 3).find((code) => code !== latest);
    if (older) await confirmPhoneCode(consent, session, older).expect(400);
    await confirmPhoneCode(consent, session, latest).expect(200);
  });

  it('texts one number at most 10 codes a day, across sessions and when asked at once', async () => {
    const phone = freshPhone();
    const sessions = await Promise.all(Array.from({ length: 4 }, unverified));
    const answers = await Promise.all(
      sessions.flatMap((session) => [1, 2, 3].map(() => sendPhoneCode(consent, session, phone))),
    );
    expect(answers.map(({ status }) => status).sort()).toEqual([...Array(10).fill(200), 429, 429]);
    expect(answers.filter(({ status }) => status === 429).map(({ body }) => body)).toEqual(
      Array(2).fill({
        error: 'Too many codes were sent to this number today: try again tomorrow',
        code: 'phone_code_daily_limit',
      }),
    );
    const written = await consent.dataSource.query(
      `SELECT count(*)::int AS n FROM consent.text_messages WHERE purpose = 'phone_code' AND phone = $1`,
      [phone.replace(/[^\d+]/g, '')],
    );
    expect(written[0].n).toBe(10);
    // Another number is not held back.
    await sendPhoneCode(consent, sessions[0], freshPhone()).expect(200);
  });

  it("counts every spelling of one number against its one daily limit, read in the member's country", async () => {
    const e164 = freshPhone().replace(/ /g, '');
    const [area, exchange, line] = [e164.slice(2, 5), e164.slice(5, 8), e164.slice(8)];
    const spellings = [
      `+1 ${area} ${exchange} ${line}`,
      `(${area}) ${exchange}-${line}`,
      e164,
      `${area}.${exchange}.${line}`,
    ];
    const sessions = await Promise.all(
      Array.from({ length: 4 }, () => sessionWithPhone(consent, MEMBER_PHONE, { verifyPhone: false })),
    );
    const answers = [];
    for (const session of sessions) {
      for (let send = 0; send < 3; send += 1) {
        answers.push(await sendPhoneCode(consent, session, spellings[answers.length % spellings.length]));
      }
    }
    expect(answers.map(({ status }) => status)).toEqual([...Array(10).fill(200), 429, 429]);
    expect(answers.slice(10).map(({ body }) => body.code)).toEqual(Array(2).fill('phone_code_daily_limit'));
    const written = await consent.dataSource.query(
      `SELECT phone FROM consent.text_messages WHERE purpose = 'phone_code' AND session_id = ANY($1)`,
      [sessions.map(({ id }) => id)],
    );
    expect(written.map(({ phone }: { phone: string }) => phone)).toEqual(Array(10).fill(e164));
  });

  it("refuses the member's own number, however it is written (a national spelling read in the member's country), and writes nothing", async () => {
    const spellings: [string, string[]][] = [
      [MEMBER_PHONE, ['+1 555 246 8013', '(555) 246-8013', '555.246.8013', '+1-555-246-8013', '1 555 246 8013']],
      // The two: a member registered as +33 6 12 34 56 78 and one as +61 412 345 678.
      ['+33612345678', ['06 12 34 56 78', '+33 (0)6 12 34 56 78', '6 12 34 56 78']],
      ['+61412345678', ['0412 345 678', '+61 412 345 678']],
    ];
    for (const [memberPhone, writtenForms] of spellings) {
      const session = await sessionWithPhone(consent, memberPhone, { verifyPhone: false });
      for (const written of writtenForms) {
        expectAnswer(await sendPhoneCode(consent, session, written), 400, {
          error: "This is the member's own phone number. Enter your own number.",
          code: 'phone_is_members',
        });
      }
      expect(await codeTexts(session)).toEqual([]);
      expect(await verificationRow(session)).toBeUndefined();
    }
  });

  it("reads a partner's national number in the member's country and stores it in E.164", async () => {
    const session = await sessionWithPhone(consent, '+33612345678', { verifyPhone: false });
    await sendPhoneCode(consent, session, '07 00 00 00 42').expect(200);
    expect((await verificationRow(session)).phone).toBe('+33700000042');
  });

  it('refuses a number that is no phone number, writing nothing', async () => {
    const session = await sessionWithPhone(consent, MEMBER_PHONE, { verifyPhone: false });
    for (const written of ['+1 555 1234', '+33 6 12 34', '+999 1234 5678']) {
      expectAnswer(await sendPhoneCode(consent, session, written), 400, {
        error: 'Enter a phone number that can receive texts, with its country code (+...)',
        code: 'phone_invalid',
      });
    }
    expect(await codeTexts(session)).toEqual([]);
  });

  it('keeps the proved number: asking again for it answers verified without a text, another number is refused', async () => {
    const session = await unverified();
    const phone = freshPhone();
    await verifyPartnerPhone(consent, session, phone);
    const again = await sendPhoneCode(consent, session, phone).expect(200);
    expect(again.body).toMatchObject({ verified: true });
    expect(await codeTexts(session)).toHaveLength(1);
    expectAnswer(await sendPhoneCode(consent, session, freshPhone()), 409, {
      error: 'A phone number is already verified for this consent session',
      code: 'phone_already_verified',
    });
    // Confirming again changes nothing.
    await confirmPhoneCode(consent, session, '000000').expect(200);
  });

  it("answers the link-only 404 to anyone without the link token, the session's member 403, and refuses a number no text can reach", async () => {
    const session = await unverified();
    const withoutToken = await call(consent, 'post', `/sessions/${session.id}/phone-verification`).send({
      recipientPhone: PARTNER.phone,
    });
    expect(withoutToken.status).toBe(404);
    const member = await call(consent, 'post', `/sessions/${session.id}/phone-verification`)
      .set('X-Actor-User-Id', session.initiatorUserId)
      .send({ recipientPhone: PARTNER.phone });
    expect(member.status).toBe(403);
    for (const recipientPhone of ['call me', '12', '+1 555 987 6543 ext 12', '1234567890123456']) {
      const response = await sendPhoneCode(consent, session, recipientPhone);
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: 'validation_failed' });
    }
    expect(await codeTexts(session)).toEqual([]);
  });
});
