import { consentSessionSchema } from '@app/contracts';
import { consentDevTexts, latestPhoneCode, makeTestRecording, testRedisUrl } from '@app/testing';
import { randomBytes } from 'node:crypto';
import { registerOk } from '../api-helpers';
import {
  api,
  type ConsentStack,
  type CreatedSession,
  createSession,
  credentialOf,
  type Member,
  PARTNER,
  partnerHeaders,
  startConsentStack,
  submitDecision,
  uploadRecording,
} from './consent-stack';

const MEMBER_PHONE = '+1 555 271 8281';
const NOT_VERIFIED = {
  error: 'Verify your phone number with the texted code before recording',
  code: 'phone_not_verified',
};

/** The partner's phone proof through the public API, before the recording (issue 20), and the development outbox page. */
describe('the partner proves their phone through the gateway', () => {
  let stack: ConsentStack;
  let member: Member;

  beforeAll(async () => {
    stack = await startConsentStack();
    const { user, token } = await registerOk(stack.gateway, { phoneNumber: MEMBER_PHONE });
    await stack.gateway.dataSource.query(
      `UPDATE identity.users SET subscription_status = 'active', phone_verified_at = now() WHERE id = $1`,
      [user.id],
    );
    member = { id: String(user.id), token };
  });
  afterAll(async () => {
    await stack?.close();
  });

  const send = (session: CreatedSession, recipientPhone: string) =>
    api(stack)
      .post(`/api/consent/sessions/${session.id}/phone-verification`)
      .set(partnerHeaders(session))
      .send({ recipientPhone });
  const confirm = (session: CreatedSession, code: unknown) =>
    api(stack)
      .post(`/api/consent/sessions/${session.id}/phone-verification/confirm`)
      .set(partnerHeaders(session))
      .send({ code });
  const codeOf = (session: CreatedSession) =>
    latestPhoneCode(consentDevTexts(stack.consent.baseUrl, stack.consent.internalToken), session.id);

  it('refuses the recording until the texted code is typed, then takes it; the member sees when the phone was proved', async () => {
    const session = await createSession(stack, member, undefined, { verifyPhone: false });
    const video = await makeTestRecording('webm');
    const announce = await api(stack)
      .post('/api/video/assets')
      .set(partnerHeaders(session))
      .send({ sessionId: session.id, filename: 'consent.webm', mimeType: 'video/webm', fileSize: video.length });
    expect({ status: announce.status, body: announce.body }).toEqual({ status: 409, body: NOT_VERIFIED });

    const sent = await send(session, PARTNER.phone);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ sentTo: '••••••43', resendsLeft: 3, verified: false });
    const code = await codeOf(session);
    const wrong = await confirm(session, code === '000000' ? '000001' : '000000');
    expect({ status: wrong.status, body: wrong.body }).toEqual({
      status: 400,
      body: { error: 'That code is not right: 4 tries left', code: 'phone_code_wrong' },
    });
    const confirmed = await confirm(session, code);
    expect(confirmed.status).toBe(200);
    expect(consentSessionSchema.strict().parse(confirmed.body).phoneVerifiedAt).not.toBeNull();
    // From now on this phone answers with the credential cookie the proof gave it.
    session.partnerCredential = credentialOf(confirmed, session);

    const assetId = await uploadRecording(stack, session, video);
    expect((await submitDecision(stack, session, assetId, 'no')).status).toBe(202);
    const owner = await api(stack)
      .get(`/api/consent/sessions/${session.id}`)
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    expect(owner.body.phoneVerifiedAt).toBe(confirmed.body.phoneVerifiedAt);
  });

  it("refuses the member's own number: the gateway passes it, not the request", async () => {
    const session = await createSession(stack, member, undefined, { verifyPhone: false });
    const refused = await send(session, '(555) 271-8281');
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 400,
      body: { error: "This is the member's own phone number. Enter your own number.", code: 'phone_is_members' },
    });
  });

  it("answers bad input with 4xx and a code, a caller without the link token with the 404, and the session's member with 403", async () => {
    const session = await createSession(stack, member, undefined, { verifyPhone: false });
    for (const code of ['12', 'abcdef', 123456, null])
      expect((await confirm(session, code)).body.code).toBe('validation_failed');
    expect((await send(session, 'not a phone')).body.code).toBe('validation_failed');
    const noToken = await api(stack)
      .post(`/api/consent/sessions/${session.id}/phone-verification`)
      .send({ recipientPhone: PARTNER.phone });
    expect({ status: noToken.status, code: noToken.body.code }).toEqual({ status: 404, code: 'session_not_found' });
    const ownerOnly = await api(stack)
      .post(`/api/consent/sessions/${session.id}/phone-verification`)
      .set('Authorization', `Bearer ${member.token}`)
      .send({ recipientPhone: PARTNER.phone });
    expect({ status: ownerOnly.status, code: ownerOnly.body.code }).toEqual({ status: 403, code: 'partner_is_member' });
    const badId = await api(stack)
      .post(`/api/consent/sessions/not-a-session/phone-verification/confirm`)
      .set(partnerHeaders(session))
      .send({ code: '123456' });
    expect(badId.status).toBeGreaterThanOrEqual(400);
    expect(badId.status).toBeLessThan(500);
  });

  it('shows the texts of the log provider at /dev/texts outside production', async () => {
    const session = await createSession(stack, member, undefined, { verifyPhone: false });
    await send(session, PARTNER.phone).expect(200);
    const code = await codeOf(session);
    let page = '';
    const deadline = Date.now() + 5000;
    while (!page.includes(code) && Date.now() < deadline) {
      page = (
        await api(stack)
          .get('/dev/texts')
          .expect(200)
          .expect('Content-Type', /text\/html/)
      ).text;
      if (!page.includes(code)) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(page).toContain(`ConsentIQ code: ${code}.`);
    expect(page).toContain('+15559876543');
  });

  it("finds a number's texts at /dev/texts?to=, the number read as the app reads it", async () => {
    const session = await createSession(stack, member, undefined, { verifyPhone: false });
    await send(session, PARTNER.phone).expect(200);
    const code = await codeOf(session);
    // Without its country code: the gateway's PHONE_DEFAULT_CALLING_CODE (1), as for a member's number.
    const page = (await api(stack).get('/dev/texts').query({ to: '(555) 987-6543' }).expect(200)).text;
    expect(page).toContain('The texts to +15559876543, newest first, however old.');
    expect(page).toContain(`ConsentIQ code: ${code}.`);

    const other = (await api(stack).get('/dev/texts').query({ to: '+15550001111' }).expect(200)).text;
    expect(other).not.toContain(`ConsentIQ code: ${code}.`);
    expect((await api(stack).get('/dev/texts').query({ to: 'not a number' }).expect(200)).text).toContain(
      'not a number is not a phone number',
    );
    const internal = await fetch(`${stack.consent.baseUrl}/dev/texts?to=nonsense`, {
      headers: { 'X-Internal-Token': stack.consent.internalToken },
    });
    expect({ status: internal.status, code: ((await internal.json()) as { code: string }).code }).toEqual({
      status: 400,
      code: 'phone_invalid',
    });
  });
});

describe('/dev/texts in production', () => {
  let stack: ConsentStack;

  beforeAll(async () => {
    // Production names its providers and address (Twilio never called here: its address is a closed port).
    const production = { NODE_ENV: 'production', STORAGE_BACKEND: 'local', PUBLIC_URL: 'https://consent.example' };
    const twilio = {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'unused',
      TWILIO_FROM: '+15005550006',
      TWILIO_API_BASE_URL: 'http://127.0.0.1:9',
    };
    stack = await startConsentStack(
      {
        ...production,
        ...twilio,
        CERTIFICATE_SIGNING_KEYS: `k1:${randomBytes(32).toString('base64')}`,
        CERTIFICATE_ACTIVE_KEY_ID: 'k1',
      },
      // And its live takes' own Redis: the tests' one.
      { ...production, LIVE_REDIS_URL: testRedisUrl() },
    );
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('does not exist, in the gateway or behind it', async () => {
    const page = await api(stack).get('/dev/texts');
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('ConsentIQ code');
    const internal = await fetch(`${stack.consent.baseUrl}/dev/texts`, {
      headers: { 'X-Internal-Token': stack.consent.internalToken },
    });
    expect(internal.status).toBe(404);
  });
});
