import { makeTestRecording } from '@app/testing';
import { expectError } from '../api-helpers';
import {
  api,
  ConsentStack,
  CreatedSession,
  createSession,
  memberOf,
  partnerHeaders,
  startConsentStack,
  submitDecision,
  uploadRecording,
} from './consent-stack';

const INVALID = 'This consent session is invalid or has expired.';

describe('consent sessions: who may see and change what', () => {
  let stack: ConsentStack;

  beforeAll(async () => {
    stack = await startConsentStack();
  });
  afterAll(async () => {
    await stack.close();
  });

  const sessionCount = async () =>
    Number((await stack.consent.dataSource.query(`SELECT count(*) AS n FROM consent.consent_sessions`))[0].n);
  const sessionRow = async (id: string) =>
    (await stack.consent.dataSource.query(`SELECT * FROM consent.consent_sessions WHERE id = $1`, [id]))[0];

  it('has the consent service refuse any call that lacks the internal service credential, even with a valid link token', async () => {
    const session = await createSession(stack, await memberOf(stack));
    const direct = (headers: Record<string, string>) =>
      fetch(`${stack.consent.baseUrl}/sessions/${session.id}`, {
        headers: { 'X-Recipient-Token': session.recipientToken, ...headers },
      });
    for (const response of [await direct({}), await direct({ 'X-Internal-Token': 'x'.repeat(40) })]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: expect.any(String), code: 'service_credential' });
    }
    expect((await direct({ 'X-Internal-Token': stack.consent.internalToken })).status).toBe(200);
  });

  it('refuses to create a session when signed out (401) or without an active subscription (403), creating nothing', async () => {
    const before = await sessionCount();
    expectError(await api(stack).post('/api/consent/sessions').send({ deleteAfterDays: 90 }), 401);
    const inactive = await memberOf(stack, false);
    expectError(
      await api(stack)
        .post('/api/consent/sessions')
        .set('Authorization', `Bearer ${inactive.token}`)
        .send({ deleteAfterDays: 90 }),
      403,
      'An active subscription is required',
    );
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a deleteAfterDays out of range with a 400 and creates nothing', async () => {
    const member = await memberOf(stack);
    const before = await sessionCount();
    const response = await api(stack)
      .post('/api/consent/sessions')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ deleteAfterDays: 0 });
    expectError(response, 400);
    expect(await sessionCount()).toBe(before);
  });

  it("answers a member's polls only while signed in: the next poll after logout reads as a stranger's", async () => {
    const member = await memberOf(stack);
    const session = await createSession(stack, member);
    const poll = () =>
      api(stack).get(`/api/consent/sessions/${session.id}`).set('Authorization', `Bearer ${member.token}`);
    expect((await poll()).status).toBe(200);

    expect((await api(stack).post('/api/auth/logout').set('Authorization', `Bearer ${member.token}`)).status).toBe(204);

    expectError(await poll(), 404, INVALID);
  });

  describe('with a session of the first member', () => {
    let session: CreatedSession;
    let owner: Awaited<ReturnType<typeof memberOf>>;
    let other: Awaited<ReturnType<typeof memberOf>>;

    beforeAll(async () => {
      owner = await memberOf(stack);
      other = await memberOf(stack);
      session = await createSession(stack, owner);
    });

    it('lets the owner read it, and answers a second member exactly as for a session that does not exist', async () => {
      const own = await api(stack)
        .get(`/api/consent/sessions/${session.id}`)
        .set('Authorization', `Bearer ${owner.token}`);
      expect(own.status).toBe(200);
      expect(own.body.recipientToken).toBeNull();

      const foreign = await api(stack)
        .get(`/api/consent/sessions/${session.id}`)
        .set('Authorization', `Bearer ${other.token}`);
      const missing = await api(stack)
        .get('/api/consent/sessions/6f1c1d4e-3f7a-4b7e-9a55-2a3b4c5d6e7f')
        .set('Authorization', `Bearer ${other.token}`);
      expectError(foreign, 404, INVALID);
      expect(foreign.body).toEqual(missing.body);
      expectError(
        await api(stack)
          .get(`/api/consent/sessions/qr/${session.qrCodeId}`)
          .set('Authorization', `Bearer ${other.token}`),
        404,
        INVALID,
      );
    });

    it('ignores identity headers a client forges: only the gateway says who the member is', async () => {
      const forged = await api(stack)
        .get(`/api/consent/sessions/${session.id}`)
        .set('X-Actor-User-Id', owner.id)
        .set('X-Internal-Token', stack.consent.internalToken)
        .set('Authorization', `Bearer ${other.token}`);
      expectError(forged, 404, INVALID);
    });

    it('refuses every change by a second member without the link, and nothing changes', async () => {
      const before = await sessionRow(session.id);
      const bearer = `Bearer ${other.token}`;
      expectError(
        await api(stack)
          .patch(`/api/consent/sessions/${session.id}/status`)
          .set('Authorization', bearer)
          .send({ status: 'denied' }),
        404,
        INVALID,
      );
      expectError(
        await api(stack).post('/api/video/assets').set('Authorization', bearer).send({
          sessionId: session.id,
          filename: 'a.webm',
          mimeType: 'video/webm',
          fileSize: 1000,
          storageKey: 'x',
          isEncrypted: true,
        }),
        404,
        INVALID,
      );
      expectError(
        await api(stack)
          .post('/api/consent/process-video')
          .set('Authorization', bearer)
          .field('sessionId', session.id)
          .field('decision', 'yes')
          .field('recipient_full_name', 'Mallory')
          .field('recipient_phone', '555')
          .field('is_over_18', 'true')
          .attach('video', await makeTestRecording('webm'), { filename: 'a.webm', contentType: 'video/webm' }),
        404,
        INVALID,
      );
      expect(await sessionRow(session.id)).toEqual(before);
    });

    it('answers a missing or wrong partner token with the same 404 as an unknown session', async () => {
      const unknown = await api(stack).get('/api/consent/sessions/qr/ciq-unknown-abc').set(partnerHeaders(session));
      const noToken = await api(stack).get(`/api/consent/sessions/qr/${session.qrCodeId}`);
      const wrong = await api(stack)
        .get(`/api/consent/sessions/qr/${session.qrCodeId}`)
        .set('X-Recipient-Token', `${session.recipientToken.slice(0, -2)}xx`);
      const wrongById = await api(stack).get(`/api/consent/sessions/${session.id}?token=nope`);
      for (const response of [unknown, noToken, wrong, wrongById]) expectError(response, 404, INVALID);
      expect(new Set([unknown, noToken, wrong, wrongById].map((response) => JSON.stringify(response.body))).size).toBe(
        1,
      );
    });

    it('records the partner opening the link with the caller IP and user agent', async () => {
      await api(stack)
        .get(`/api/consent/sessions/qr/${session.qrCodeId}`)
        .set(partnerHeaders(session))
        .set('User-Agent', 'PartnerPhone/1.0');
      const [opened] = await stack.consent.dataSource.query(
        `SELECT ip, user_agent FROM consent.audit_log WHERE session_id = $1 AND event = 'link_opened' ORDER BY seq DESC LIMIT 1`,
        [session.id],
      );
      expect(opened).toEqual({ ip: expect.stringMatching(/127\.0\.0\.1/), user_agent: 'PartnerPhone/1.0' });
    });

    it('never lets a status change grant consent: only the recording can', async () => {
      const response = await api(stack)
        .patch(`/api/consent/sessions/${session.id}/status`)
        .set(partnerHeaders(session))
        .send({ status: 'granted' });
      expectError(response, 422, 'Consent can only be granted by a recorded statement');
      expect((await sessionRow(session.id)).consent_status).toBe('pending');
    });
  });

  it('expires a session nobody answered: the partner gets the spec message, the owner still sees it as expired', async () => {
    const owner = await memberOf(stack);
    const session = await createSession(stack, owner);
    await stack.consent.dataSource.query(
      `UPDATE consent.consent_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [session.id],
    );

    expectError(
      await api(stack).get(`/api/consent/sessions/qr/${session.qrCodeId}`).set(partnerHeaders(session)),
      404,
      INVALID,
    );
    const video = await makeTestRecording('webm');
    const asset = await api(stack).post('/api/video/assets').set(partnerHeaders(session)).send({
      sessionId: session.id,
      filename: 'a.webm',
      mimeType: 'video/webm',
      fileSize: video.length,
      storageKey: 'x',
      isEncrypted: true,
    });
    expectError(asset, 404, INVALID);

    const own = await api(stack)
      .get(`/api/consent/sessions/${session.id}`)
      .set('Authorization', `Bearer ${owner.token}`);
    expect(own.body).toMatchObject({ expired: true, consentStatus: 'pending', aiVerdict: null });
  });

  it('accepts one submission: a second one, by the same partner or with another recording, is refused and changes nothing', async () => {
    const owner = await memberOf(stack);
    const session = await createSession(stack, owner);
    const video = await makeTestRecording('webm');
    const first = await uploadRecording(stack, session, video);
    expect((await submitDecision(stack, session, first, 'yes')).status).toBe(202);
    const after = await sessionRow(session.id);

    expectError(
      await submitDecision(stack, session, first, 'no'),
      409,
      'This consent session has already been answered',
    );
    const patched = await api(stack)
      .patch(`/api/consent/sessions/${session.id}/status`)
      .set(partnerHeaders(session))
      .send({ status: 'denied' });
    expectError(patched, 409, 'This consent session has already been answered');
    expect(await sessionRow(session.id)).toEqual(after);
  });

  it('lets the partner decline without a recording, which is final', async () => {
    const owner = await memberOf(stack);
    const session = await createSession(stack, owner);
    const declined = await api(stack)
      .patch(`/api/consent/sessions/${session.id}/status`)
      .set(partnerHeaders(session))
      .send({ status: 'denied' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ consentStatus: 'denied', aiVerdict: 'denied' });
    const own = await api(stack)
      .get(`/api/consent/sessions/${session.id}`)
      .set('Authorization', `Bearer ${owner.token}`);
    expect(own.body).toMatchObject({ consentStatus: 'denied', aiVerdict: 'denied' });
  });
});
