import { hashRecipientToken } from '@app/session-views';
import request from 'supertest';
import {
  call,
  createSession,
  CREDENTIAL_REFUSED,
  expectAnswer,
  markPhoneVerified,
  partnerHeaders,
  SESSION_NOT_FOUND,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

/**
 * The gateway's push reads both views here in one call (`GET /sessions/:id/push-views`): the member's, and the
 * partner's with the hash of the one credential it is for, the proved phone's. No browser's call is ever answered it.
 */
describe("a push's views", () => {
  let consent: ConsentTestApp;

  beforeAll(async () => {
    consent = await startConsentTestApp();
  });
  afterAll(() => consent.close());

  const pushViews = (id: string) => call(consent, 'get', `/sessions/${id}/push-views`);

  it("are what the member's and the proved phone's own reads answer, the partner's for the hash of its credential", async () => {
    const session = await createSession(consent);
    const answer = await pushViews(session.id).expect(200);
    const own = await call(consent, 'get', `/sessions/${session.id}`).set(partnerHeaders(session)).expect(200);
    const members = await call(consent, 'get', `/sessions/${session.id}`)
      .set({ 'X-Actor-User-Id': session.initiatorUserId })
      .expect(200);
    expect(own.body.check).not.toBeNull();
    expect(members.body.check).toBeNull();
    expect(answer.body).toEqual({
      member: members.body,
      partner: {
        session: own.body,
        partnerCredentialHash: hashRecipientToken(session.partnerCredential as string).toString('base64url'),
      },
    });
  });

  it('names the credential a new proof gave, not the one it replaced', async () => {
    const session = await createSession(consent);
    const replacement = await markPhoneVerified(consent, session.id);
    const answer = await pushViews(session.id).expect(200);
    expect(answer.body.partner.partnerCredentialHash).toBe(hashRecipientToken(replacement).toString('base64url'));
  });

  it("hold no partner's view while no phone is proved (the link holders read their own) nor once the session lapsed unanswered", async () => {
    const unproved = await createSession(consent, undefined, undefined, { verifyPhone: false });
    expect((await pushViews(unproved.id).expect(200)).body).toMatchObject({
      member: { id: unproved.id, check: null },
      partner: null,
    });
    const lapsed = await createSession(consent);
    await consent.dataSource.query(
      `UPDATE consent.consent_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [lapsed.id],
    );
    expect((await pushViews(lapsed.id).expect(200)).body).toMatchObject({
      member: { id: lapsed.id, check: null },
      partner: null,
    });
    expectAnswer(await pushViews('not-a-session'), 404, SESSION_NOT_FOUND);
  });

  it('is never answered to a call made for someone (the member, the link, the partner themselves), nor without the service credential', async () => {
    const session = await createSession(consent);
    const callers = [
      { 'X-Actor-User-Id': session.initiatorUserId },
      { 'X-Recipient-Token': session.recipientToken },
      partnerHeaders(session),
    ];
    for (const headers of callers) expectAnswer(await pushViews(session.id).set(headers), 404, SESSION_NOT_FOUND);
    expectAnswer(await request(consent.baseUrl).get(`/sessions/${session.id}/push-views`), 401, CREDENTIAL_REFUSED);
  });
});
