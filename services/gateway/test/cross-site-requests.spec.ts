import type { Response } from 'supertest';
import { countSessions, countUsers, expectError, sessionCookie } from './api-helpers';
import { validRegisterPayload } from './fixtures';
import { api, createSession, memberOf, startConsentStack, ConsentStack, Member } from './consent/consent-stack';

const APP = 'https://consent.example';
const FOREIGN = 'https://evil.example';

function expectCrossSiteRefusal(response: Response): void {
  expectError(response, 403, 'Cross-site request refused');
  expect(response.body.code).toBe('cross_site_request');
}

/** State-changing calls authenticated by the session cookie alone must come from the app's own origin (PUBLIC_URL). */
describe('cross-site request defence', () => {
  let stack: ConsentStack;
  let member: Member;

  beforeAll(async () => {
    stack = await startConsentStack({}, { PUBLIC_URL: `${APP}/` });
    member = await memberOf(stack);
  });
  afterAll(() => stack.close());

  const cookie = () => `session=${member.token}`;
  const consentSessions = async () =>
    (await stack.consent.dataSource.query(`SELECT count(*)::int AS count FROM consent.consent_sessions`))[0].count as number;
  const newSession = () => api(stack).post('/api/consent/sessions').set('Cookie', cookie());
  const signedIn = async () => (await api(stack).get('/api/auth/me').set('Cookie', cookie())).status === 200;

  it('refuses a cookie-only state change from a foreign origin, or with no origin at all, and changes nothing', async () => {
    const before = await consentSessions();

    for (const headers of [{ Origin: FOREIGN }, {}, { Origin: 'null' }, { Referer: `${FOREIGN}/page` }, { Referer: 'not a url' }, { Origin: 'https://consent.example.evil.example' }]) {
      expectCrossSiteRefusal(await newSession().set(headers).send({ deleteAfterDays: 90 }));
    }
    expectCrossSiteRefusal(await api(stack).post('/api/auth/logout').set('Cookie', cookie()).set('Origin', FOREIGN));

    expect(await consentSessions()).toBe(before);
    expect(await signedIn()).toBe(true);
  });

  it('accepts a cookie-only state change from the app, as its Origin or else its Referer shows', async () => {
    expect((await newSession().set('Origin', APP).send({ deleteAfterDays: 90 })).status).toBe(201);
    expect((await newSession().set('Referer', `${APP}/consent/new?x=1`).send({ deleteAfterDays: 90 })).status).toBe(201);
  });

  it('does not check safe methods: a cross-site GET changes nothing', async () => {
    expect((await api(stack).get('/api/auth/me').set('Cookie', cookie()).set('Origin', FOREIGN)).status).toBe(200);
  });

  it('leaves Bearer calls alone, also when the cookie comes along as the web app sends it', async () => {
    const created = await api(stack)
      .post('/api/consent/sessions')
      .set('Cookie', cookie())
      .set('Authorization', `Bearer ${member.token}`)
      .set('Origin', FOREIGN)
      .send({ deleteAfterDays: 90 });
    expect(created.status).toBe(201);
  });

  it("leaves the partner's cookie-less calls alone, whatever their origin", async () => {
    const session = await createSession(stack, member);
    const declined = await api(stack)
      .patch(`/api/consent/sessions/${session.id}/status`)
      .set('X-Recipient-Token', session.recipientToken)
      .set('Origin', FOREIGN)
      .send({ status: 'denied' });
    expect(declined.status).toBe(200);
  });

  it('refuses sign-in and registration from a foreign origin, setting no cookie and creating nothing', async () => {
    const account = await validRegisterPayload();
    const before = { users: await countUsers(stack.gateway), sessions: await countSessions(stack.gateway) };

    const register = await api(stack).post('/api/auth/register').set('Origin', FOREIGN).send(account);
    const login = await api(stack).post('/api/auth/login').set('Origin', FOREIGN).send({ username: account.username, password: account.password });
    const variant = await api(stack).post('/API/Auth/Login/').set('Origin', FOREIGN).send({ username: account.username, password: account.password });

    for (const refused of [register, login, variant]) {
      expectCrossSiteRefusal(refused);
      expect(sessionCookie(refused)).toBeUndefined();
    }
    expect({ users: await countUsers(stack.gateway), sessions: await countSessions(stack.gateway) }).toEqual(before);
  });

  it('accepts sign-in and registration from the app, and from clients that send no Origin', async () => {
    const account = await validRegisterPayload();
    expect((await api(stack).post('/api/auth/register').set('Origin', APP).send(account)).status).toBe(201);
    const credentials = { username: account.username, password: account.password };
    expect((await api(stack).post('/api/auth/login').set('Origin', APP).send(credentials)).status).toBe(200);
    expect((await api(stack).post('/api/auth/login').send(credentials)).status).toBe(200);
  });

  it('refuses a sign-in that carries a session cookie but no origin (the rule of every cookie call)', async () => {
    const account = await validRegisterPayload();
    expect((await api(stack).post('/api/auth/register').send(account)).status).toBe(201);
    expectCrossSiteRefusal(await api(stack).post('/api/auth/login').set('Cookie', cookie()).send({ username: account.username, password: account.password }));
  });
});
