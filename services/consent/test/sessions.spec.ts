import { consentSessionSchema } from '@app/contracts';
import { createHash, randomUUID } from 'node:crypto';
import {
  auditRows,
  call,
  CLIENT,
  CreatedSession,
  createSession,
  expectAnswer,
  PARTNER_IS_MEMBER,
  partnerHeaders,
  SESSION_NOT_FOUND,
  sessionRow,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

const SESSION_FIELDS = [
  'aiVerdict',
  'check',
  'consentGrantedTime',
  'consentStatus',
  'createdAt',
  'deleteAfterDays',
  'deniedBecause',
  'expired',
  'expiresAt',
  'id',
  'initiator',
  'initiatorFullName',
  'initiatorUserId',
  'phoneVerifiedAt',
  'qrCodeId',
  'recipientFullName',
  'recipientPhone',
  'recipientToken',
  'retakeUntil',
  'verificationTextSent',
  'verifiedOver18',
  'withdrawnAt',
];

describe('consent sessions: creation and who may read them', () => {
  let consent: ConsentTestApp;
  const sessionCount = async () =>
    Number((await consent.dataSource.query(`SELECT count(*) AS n FROM consent.consent_sessions`))[0].n);
  const expire = (id: string) =>
    consent.dataSource.query(
      `UPDATE consent.consent_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [id],
    );

  beforeAll(async () => {
    consent = await startConsentTestApp();
  });
  afterAll(() => consent.close());

  describe('creation', () => {
    it('creates the session of the signed-in member, answering the partner token this once', async () => {
      const memberId = randomUUID();
      const before = Date.now();
      const response = await call(consent, 'post', '/sessions').set('X-Actor-User-Id', memberId).send({
        initiatorFullName: ' Alex Doe ',
        initiatorPictureUrl: '/api/media/profile-pictures/a.webp',
        deleteAfterDays: 30,
      });

      expect(response.status).toBe(201);
      expect(Object.keys(response.body).sort()).toEqual(SESSION_FIELDS);
      expect(consentSessionSchema.strict().parse(response.body)).toEqual(response.body);
      expect(response.body).toMatchObject({
        initiatorUserId: memberId,
        initiatorFullName: 'Alex Doe',
        verifiedOver18: false,
        recipientFullName: null,
        recipientPhone: null,
        consentStatus: 'pending',
        aiVerdict: null,
        consentGrantedTime: null,
        deleteAfterDays: 30,
        expired: false,
        initiator: { fullName: 'Alex Doe', profile_picture_url: '/api/media/profile-pictures/a.webp' },
      });
      expect(response.body.qrCodeId).toMatch(/^ciq-[a-z0-9]+-[a-z0-9]{10}$/);
      const token: string = response.body.recipientToken;
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const expiresIn = Date.parse(response.body.expiresAt) - before;
      expect(expiresIn).toBeGreaterThan(29 * 60_000);
      expect(expiresIn).toBeLessThanOrEqual(30 * 60_000 + 5_000);

      // The database holds the token's hash only, nowhere in clear.
      const row = await sessionRow(consent, response.body.id);
      expect(row).toMatchObject({
        initiator_user_id: memberId,
        qr_code_id: response.body.qrCodeId,
        delete_after_days: 30,
      });
      expect((row.recipient_token_hash as Buffer).equals(createHash('sha256').update(token).digest())).toBe(true);
      const [{ dump }] = await consent.dataSource.query(
        `SELECT (SELECT string_agg(s::text, '') FROM consent.consent_sessions s) || (SELECT string_agg(a::text, '') FROM consent.audit_log a) AS dump`,
      );
      expect(dump).not.toContain(token);

      expect(await auditRows(consent, response.body.id)).toEqual([
        {
          event: 'session_created',
          details: { qrCodeId: response.body.qrCodeId, deleteAfterDays: 30 },
          ip: CLIENT.ip,
          user_agent: CLIENT.userAgent,
        },
      ]);
    });

    it('defaults deleteAfterDays to 90 and accepts no picture', async () => {
      const response = await call(consent, 'post', '/sessions')
        .set('X-Actor-User-Id', randomUUID())
        .send({ initiatorFullName: 'Alex Doe' });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        deleteAfterDays: 90,
        initiator: { fullName: 'Alex Doe', profile_picture_url: null },
      });
    });

    it.each([
      ['no actor', {}],
      ['an actor id that is not a uuid', { 'X-Actor-User-Id': 'alex' }],
    ])('refuses %s with 401 "Not signed in", creating nothing', async (_case, headers) => {
      const before = await sessionCount();
      const response = await call(consent, 'post', '/sessions').set(headers).send({ initiatorFullName: 'Alex Doe' });
      expectAnswer(response, 401, { error: 'Not signed in', code: 'unauthenticated' });
      expect(await sessionCount()).toBe(before);
    });

    it.each([
      ['no name', {}, 'initiatorFullName is required'],
      ['a blank name', { initiatorFullName: '   ' }, 'initiatorFullName is required'],
      [
        'a name of 201 characters',
        { initiatorFullName: 'x'.repeat(201) },
        'initiatorFullName must be at most 200 characters',
      ],
      [
        'a picture URL of 301 characters',
        { initiatorFullName: 'Alex', initiatorPictureUrl: 'x'.repeat(301) },
        'initiatorPictureUrl must be at most 300 characters',
      ],
      [
        '0 days',
        { initiatorFullName: 'Alex', deleteAfterDays: 0 },
        'deleteAfterDays must be a whole number of days from 1 to 90',
      ],
      [
        '91 days',
        { initiatorFullName: 'Alex', deleteAfterDays: 91 },
        'deleteAfterDays must be a whole number of days from 1 to 90',
      ],
      [
        '1.5 days',
        { initiatorFullName: 'Alex', deleteAfterDays: 1.5 },
        'deleteAfterDays must be a whole number of days from 1 to 90',
      ],
      [
        'days as a string',
        { initiatorFullName: 'Alex', deleteAfterDays: '90' },
        'deleteAfterDays must be a whole number of days from 1 to 90',
      ],
    ])('refuses %s with 400, creating nothing', async (_case, body, message) => {
      const before = await sessionCount();
      expectAnswer(await call(consent, 'post', '/sessions').set('X-Actor-User-Id', randomUUID()).send(body), 400, {
        error: message,
        code: 'validation_failed',
      });
      expect(await sessionCount()).toBe(before);
    });
  });

  describe('reading', () => {
    let session: CreatedSession;
    beforeEach(async () => {
      session = await createSession(consent, undefined, undefined, { verifyPhone: false });
    });

    it('answers the owner and the token holder, never with the token; only the token holder gets the speech check', async () => {
      const asOwner = await call(consent, 'get', `/sessions/${session.id}`).set(
        'X-Actor-User-Id',
        session.initiatorUserId,
      );
      const asPartner = await call(consent, 'get', `/sessions/${session.id}`).set(partnerHeaders(session));
      expect([asOwner.status, asPartner.status]).toEqual([200, 200]);
      expect(asOwner.body).toEqual({ ...session.body, recipientToken: null, check: null });
      expect(asPartner.body).toEqual({
        ...session.body,
        recipientToken: null,
        check: {
          attempt: 0,
          maxAttempts: 3,
          retakeAllowed: false,
          heard: null,
          answer: null,
          recorded: false,
          endedBySafetyAnswers: false,
          safetyAnswered: true,
        },
      });
    });

    it('audits the partner opening the QR link, with address and browser, but not the owner looking', async () => {
      const byPartner = await call(consent, 'get', `/sessions/qr/${session.qrCodeId}`).set(partnerHeaders(session));
      expect(byPartner.status).toBe(200);
      expect(byPartner.body).toMatchObject({
        id: session.id,
        recipientToken: null,
        initiator: { fullName: 'Alex Doe' },
      });
      const byOwner = await call(consent, 'get', `/sessions/qr/${session.qrCodeId}`).set(
        'X-Actor-User-Id',
        session.initiatorUserId,
      );
      expect(byOwner.status).toBe(200);

      const rows = await auditRows(consent, session.id);
      expect(rows.map((row) => row.event)).toEqual(['session_created', 'link_opened']);
      expect(rows[1]).toMatchObject({ details: {}, ip: CLIENT.ip, user_agent: CLIENT.userAgent });
    });

    it('answers every partner-side failure with the same 404', async () => {
      const other = await createSession(consent);
      const answers = [
        await call(consent, 'get', `/sessions/${session.id}`),
        await call(consent, 'get', `/sessions/${session.id}`).set(partnerHeaders(other)),
        await call(consent, 'get', `/sessions/${session.id}`).set('X-Recipient-Token', `${session.recipientToken}x`),
        await call(consent, 'get', `/sessions/${session.id}`).set('X-Actor-User-Id', other.initiatorUserId),
        await call(consent, 'get', `/sessions/${randomUUID()}`).set(partnerHeaders(session)),
        await call(consent, 'get', `/sessions/not-a-uuid`).set(partnerHeaders(session)),
        await call(consent, 'get', `/sessions/qr/${session.qrCodeId}`),
        await call(consent, 'get', `/sessions/qr/${session.qrCodeId}`).set(partnerHeaders(other)),
        await call(consent, 'get', `/sessions/qr/ciq-unknown`).set(partnerHeaders(session)),
        await call(consent, 'get', `/sessions/qr/${'x'.repeat(500)}`).set(partnerHeaders(session)),
      ];
      for (const response of answers) expectAnswer(response, 404, SESSION_NOT_FOUND);
      expect((await auditRows(consent, session.id)).map((row) => row.event)).toEqual(['session_created']);
    });

    it('lets an unanswered session lapse for the partner, while its owner still reads it as expired', async () => {
      await expire(session.id);
      const partner = (test: ReturnType<typeof call>) => test.set(partnerHeaders(session));
      expectAnswer(await partner(call(consent, 'get', `/sessions/${session.id}`)), 404, SESSION_NOT_FOUND);
      expectAnswer(await partner(call(consent, 'get', `/sessions/qr/${session.qrCodeId}`)), 404, SESSION_NOT_FOUND);
      expectAnswer(
        await partner(call(consent, 'patch', `/sessions/${session.id}/status`)).send({ status: 'denied' }),
        404,
        SESSION_NOT_FOUND,
      );
      expectAnswer(
        await partner(call(consent, 'post', '/video-assets')).send({
          sessionId: session.id,
          filename: 'a.webm',
          mimeType: 'video/webm',
          fileSize: 10,
        }),
        404,
        SESSION_NOT_FOUND,
      );

      const asOwner = await call(consent, 'get', `/sessions/${session.id}`).set(
        'X-Actor-User-Id',
        session.initiatorUserId,
      );
      expect(asOwner.status).toBe(200);
      expect(asOwner.body).toMatchObject({ id: session.id, expired: true, consentStatus: 'pending' });
      expect(await sessionRow(consent, session.id)).toMatchObject({
        consent_status: 'pending',
        ai_verdict: null,
        audit_seq: 1,
      });
    });
  });

  describe('expiry from configuration', () => {
    let shortLived: ConsentTestApp;
    beforeAll(async () => {
      shortLived = await startConsentTestApp({ SESSION_EXPIRY_MINUTES: '1' });
    });
    afterAll(() => shortLived.close());

    it('sets expiresAt SESSION_EXPIRY_MINUTES after creation', async () => {
      const session = await createSession(shortLived);
      const lifetime = Date.parse(String(session.body.expiresAt)) - Date.parse(String(session.body.createdAt));
      expect(Math.abs(lifetime - 60_000)).toBeLessThan(5_000);
    });
  });

  describe('PATCH status: the partner refuses without a recording', () => {
    let session: CreatedSession;
    const patch = (body: unknown, headers = partnerHeaders(session)) =>
      call(consent, 'patch', `/sessions/${session.id}/status`)
        .set(headers)
        .send(body as object);

    beforeEach(async () => {
      session = await createSession(consent);
    });

    it('never grants (422), leaving the session as it was', async () => {
      expectAnswer(await patch({ status: 'granted' }), 422, {
        error: 'Consent can only be granted by a recorded statement',
        code: 'grant_needs_recording',
      });
      expect(await sessionRow(consent, session.id)).toMatchObject({
        consent_status: 'pending',
        ai_verdict: null,
        recipient_decision: null,
        audit_seq: 1,
      });
    });

    it('records a refusal once (200), then answers 409', async () => {
      const denied = await patch({ status: 'denied' });
      expect(denied.status).toBe(200);
      expect(denied.body).toMatchObject({
        id: session.id,
        consentStatus: 'denied',
        aiVerdict: 'denied',
        recipientToken: null,
        expired: false,
      });
      expect(await sessionRow(consent, session.id)).toMatchObject({
        consent_status: 'denied',
        ai_verdict: 'denied',
        recipient_decision: 'no',
      });
      expect((await auditRows(consent, session.id)).slice(1)).toEqual([
        {
          event: 'decision_submitted',
          details: { decision: 'no', withRecording: false },
          ip: CLIENT.ip,
          user_agent: CLIENT.userAgent,
        },
        {
          event: 'verdict_stored',
          details: { outcome: 'denied', reasons: 'pressed_no' },
          ip: CLIENT.ip,
          user_agent: CLIENT.userAgent,
        },
        {
          event: 'status_changed',
          details: { from: 'pending', to: 'denied' },
          ip: CLIENT.ip,
          user_agent: CLIENT.userAgent,
        },
      ]);
      const [verdict] = await consent.dataSource.query(
        `SELECT outcome, reasons, transcript FROM consent.verdicts WHERE session_id = $1`,
        [session.id],
      );
      expect(verdict).toEqual({ outcome: 'denied', reasons: ['pressed_no'], transcript: null });

      expectAnswer(await patch({ status: 'denied' }), 409, {
        error: 'This consent session has already been answered',
        code: 'already_answered',
      });
      expectAnswer(await patch({ status: 'granted' }), 422, {
        error: 'Consent can only be granted by a recorded statement',
        code: 'grant_needs_recording',
      });
      expect((await auditRows(consent, session.id)).length).toBe(4);
    });

    it("refuses other statuses with 400, the session's member with 403 and other callers with the 404", async () => {
      expectAnswer(await patch({ status: 'pending' }), 400, {
        error: 'status must be granted or denied',
        code: 'validation_failed',
      });
      expectAnswer(await patch({}), 400, { error: 'status must be granted or denied', code: 'validation_failed' });
      expectAnswer(await patch({ status: 'denied' }, { 'X-Recipient-Token': 'wrong-token' }), 404, SESSION_NOT_FOUND);
      const byOwner = await call(consent, 'patch', `/sessions/${session.id}/status`)
        .set('X-Actor-User-Id', session.initiatorUserId)
        .send({ status: 'denied' });
      expectAnswer(byOwner, 403, PARTNER_IS_MEMBER);
      expect(await sessionRow(consent, session.id)).toMatchObject({ consent_status: 'pending', audit_seq: 1 });
    });
  });
});
