import { consentSessionSchema } from '@app/contracts';
import { consentDevTexts, latestPhoneCode, makeTestRecording } from '@app/testing';
import type { Response } from 'supertest';
import {
  api,
  type ConsentStack,
  type CreatedSession,
  createSession,
  type Member,
  memberOf,
  PARTNER,
  partnerHeaders,
  startConsentStack,
  submitDecision,
  uploadRecording,
} from './consent-stack';

const PARTNER_IS_MEMBER = {
  error: "This phone is signed in as the session's member. Your partner answers on their own phone.",
  code: 'partner_is_member',
};
const PARTNER_PHONE_REQUIRED = {
  error: 'This consent session is answered on the phone that confirmed the code.',
  code: 'partner_phone_required',
};

/**
 * The partner is a second person (issue 31): the member's own sign-in never acts as the partner, and the browser that
 * proves the partner's phone gets a credential cookie that, from then on, alone acts for the partner; the link's
 * token (which the member's screen showed too) only reads the session's state.
 */
describe('the partner credential through the gateway', () => {
  let stack: ConsentStack;
  let member: Member;
  let origin: string;

  beforeAll(async () => {
    stack = await startConsentStack();
    member = await memberOf(stack);
    origin = new URL(stack.gateway.config.PUBLIC_URL).origin;
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** Every partner call of the public API, with the given headers. */
  const partnerCalls = (session: CreatedSession, headers: Record<string, string>) => [
    () =>
      api(stack)
        .post(`/api/consent/sessions/${session.id}/phone-verification`)
        .set(headers)
        .send({ recipientPhone: PARTNER.phone }),
    () =>
      api(stack)
        .post(`/api/consent/sessions/${session.id}/phone-verification/confirm`)
        .set(headers)
        .send({ code: '123456' }),
    () =>
      api(stack)
        .post(`/api/consent/sessions/${session.id}/safety-check`)
        .set(headers)
        .send({ freeToSayNo: true, clearHeaded: true }),
    () =>
      api(stack)
        .post('/api/video/assets')
        .set(headers)
        .send({ sessionId: session.id, filename: 'a.webm', mimeType: 'video/webm', fileSize: 1000 }),
    async () =>
      api(stack)
        .post('/api/upload')
        .set(headers)
        .field('sessionId', session.id)
        .field('videoAssetId', '5f1c9a52-6d0e-4a51-9b8e-3d1f4c2a7b10')
        .attach('video', await makeTestRecording('webm'), { filename: 'a.webm', contentType: 'video/webm' }),
    () => submitDecision(stack, session, '5f1c9a52-6d0e-4a51-9b8e-3d1f4c2a7b10', 'yes', headers),
    () => api(stack).patch(`/api/consent/sessions/${session.id}/status`).set(headers).send({ status: 'denied' }),
    () =>
      api(stack)
        .post(`/api/consent/sessions/${session.id}/held-analysis`)
        .set(headers)
        .send({ videoAssetId: '5f1c9a52-6d0e-4a51-9b8e-3d1f4c2a7b10', fullName: PARTNER.name }),
    () =>
      api(stack)
        .post(`/api/consent/sessions/${session.id}/held-analysis/discard`)
        .set(headers)
        .send({ videoAssetId: '5f1c9a52-6d0e-4a51-9b8e-3d1f4c2a7b10', reason: 'left_page' }),
  ];

  /** The first two calls, the code and its confirmation, with which another browser may prove the phone again. */
  const PROOF_CALLS = 2;

  async function expectAllRefused(
    session: CreatedSession,
    headers: Record<string, string>,
    body: unknown,
    from = 0,
  ): Promise<void> {
    for (const [index, call] of partnerCalls(session, headers).entries()) {
      if (index < from) continue;
      const response: Response = await call();
      expect({ index, status: response.status, body: response.body }).toEqual({ index, status: 403, body });
    }
    const owner = await api(stack)
      .get(`/api/consent/sessions/${session.id}`)
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    expect(owner.body).toMatchObject({ consentStatus: 'pending', aiVerdict: null });
  }

  it('sets the credential as an httpOnly, SameSite=Strict cookie on the API and socket paths when the code proves the phone, never in the body', async () => {
    const session = await createSession(stack, member, undefined, { verifyPhone: false });
    await api(stack)
      .post(`/api/consent/sessions/${session.id}/phone-verification`)
      .set(partnerHeaders(session))
      .send({ recipientPhone: PARTNER.phone })
      .expect(200);
    const code = await latestPhoneCode(consentDevTexts(stack.consent.baseUrl, stack.consent.internalToken), session.id);
    const confirmed = await api(stack)
      .post(`/api/consent/sessions/${session.id}/phone-verification/confirm`)
      .set(partnerHeaders(session))
      .send({ code })
      .expect(200);

    const cookies = (confirmed.headers['set-cookie'] as unknown as string[]).filter((cookie) =>
      cookie.startsWith(`partner-${session.id}=`),
    );
    expect(cookies.map((cookie) => cookie.match(/Path=([^;]+)/)?.[1]).sort()).toEqual(['/api', '/socket.io']);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Strict/);
    }
    const credential = cookies[0].slice(`partner-${session.id}=`.length).split(';')[0];
    expect(credential).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(confirmed.body)).not.toContain(credential);
    expect(consentSessionSchema.strict().parse(confirmed.body).check).not.toBeNull();
    expect(confirmed.headers).not.toHaveProperty('x-new-partner-credential');

    // The link's token alone, as the member's screen showed it, no longer answers for the partner: it may only have a
    // new code texted to the proved phone (consent's partner-credential.spec.ts moves the credential with it).
    await expectAllRefused(session, partnerHeaders(session), PARTNER_PHONE_REQUIRED, PROOF_CALLS);
    // The proved phone records; a reload (a new page load, the cookie kept) still reads the partner's view.
    const withCookie = { ...session, partnerCredential: credential };
    const assetId = await uploadRecording(stack, withCookie, await makeTestRecording('webm'));
    expect((await submitDecision(stack, withCookie, assetId, 'yes')).status).toBe(202);
    const reloaded = await api(stack)
      .get(`/api/consent/sessions/qr/${session.qrCodeId}`)
      .set(partnerHeaders(withCookie))
      .expect(200);
    expect(reloaded.body.check).toMatchObject({ attempt: 1, answer: 'yes', recorded: true });
  });

  it('answers the link token alone the state of a proved session without the check, from the read model or not', async () => {
    const session = await createSession(stack, member);
    for (let poll = 0; poll < 2; poll++) {
      const byLink = await api(stack)
        .get(`/api/consent/sessions/${session.id}`)
        .set('X-Recipient-Token', session.recipientToken)
        .expect(200);
      expect(byLink.body).toMatchObject({ id: session.id, check: null });
      const byPhone = await api(stack)
        .get(`/api/consent/sessions/${session.id}`)
        .set(partnerHeaders(session))
        .expect(200);
      expect(byPhone.body.check).toMatchObject({ attempt: 0 });
    }
    const withdraw = await api(stack)
      .post(`/api/consent/sessions/${session.id}/withdraw`)
      .set('X-Recipient-Token', session.recipientToken);
    expect({ status: withdraw.status, body: withdraw.body }).toEqual({ status: 403, body: PARTNER_PHONE_REQUIRED });
  });

  it("refuses every partner call made with the member's sign-in cookie for their own session, before and after the proof", async () => {
    const signedIn = { Cookie: `session=${member.token}`, Origin: origin };
    const unproved = await createSession(stack, member, undefined, { verifyPhone: false });
    await expectAllRefused(unproved, { ...signedIn, 'X-Recipient-Token': unproved.recipientToken }, PARTNER_IS_MEMBER);
    const proved = await createSession(stack, member);
    await expectAllRefused(proved, { ...signedIn, 'X-Recipient-Token': proved.recipientToken }, PARTNER_IS_MEMBER);
    // What the partner page reads in the member's browser: the session without the partner's check.
    const opened = await api(stack)
      .get(`/api/consent/sessions/qr/${unproved.qrCodeId}`)
      .set({ ...signedIn, 'X-Recipient-Token': unproved.recipientToken })
      .expect(200);
    expect(opened.body).toMatchObject({ initiatorUserId: member.id, check: null });
  });
});
