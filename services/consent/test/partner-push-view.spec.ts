import { hashRecipientToken } from '@app/session-views';
import request from 'supertest';
import { call, createSession, CREDENTIAL_REFUSED, expectAnswer, markPhoneVerified, partnerHeaders, SESSION_NOT_FOUND } from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

/**
 * The gateway's push reads the partner's view here (`GET /sessions/:id/partner-view`), with the hash of the one
 * credential it is for: the proved phone's. No browser's call is ever answered it.
 */
describe("the partner's view for a push", () => {
  let consent: ConsentTestApp;

  beforeAll(async () => {
    consent = await startConsentTestApp();
  });
  afterAll(() => consent.close());

  const partnerView = (id: string) => call(consent, 'get', `/sessions/${id}/partner-view`);

  it("is what the proved phone's own read answers, for the hash of its credential", async () => {
    const session = await createSession(consent);
    const answer = await partnerView(session.id).expect(200);
    const own = await call(consent, 'get', `/sessions/${session.id}`).set(partnerHeaders(session)).expect(200);
    expect(own.body.check).not.toBeNull();
    expect(answer.body).toEqual({ session: own.body, partnerCredentialHash: hashRecipientToken(session.partnerCredential as string).toString('base64url') });
  });

  it('names the credential a new proof gave, not the one it replaced', async () => {
    const session = await createSession(consent);
    const replacement = await markPhoneVerified(consent, session.id);
    const answer = await partnerView(session.id).expect(200);
    expect(answer.body.partnerCredentialHash).toBe(hashRecipientToken(replacement).toString('base64url'));
  });

  it('is refused while no phone is proved (the link holders read their own view) and once the session lapsed unanswered', async () => {
    const unproved = await createSession(consent, undefined, undefined, { verifyPhone: false });
    expectAnswer(await partnerView(unproved.id), 404, SESSION_NOT_FOUND);
    const lapsed = await createSession(consent);
    await consent.dataSource.query(`UPDATE consent.consent_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [lapsed.id]);
    expectAnswer(await partnerView(lapsed.id), 404, SESSION_NOT_FOUND);
    expectAnswer(await partnerView('not-a-session'), 404, SESSION_NOT_FOUND);
  });

  it('is never answered to a call made for someone (the member, the link, the partner themselves), nor without the service credential', async () => {
    const session = await createSession(consent);
    const callers = [{ 'X-Actor-User-Id': session.initiatorUserId }, { 'X-Recipient-Token': session.recipientToken }, partnerHeaders(session)];
    for (const headers of callers) expectAnswer(await partnerView(session.id).set(headers), 404, SESSION_NOT_FOUND);
    expectAnswer(await request(consent.baseUrl).get(`/sessions/${session.id}/partner-view`), 401, CREDENTIAL_REFUSED);
  });
});
