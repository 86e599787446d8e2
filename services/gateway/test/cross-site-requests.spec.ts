import { API_ERRORS } from '@app/contracts';
import type { Response } from 'supertest';
import { countSessions, countUsers, expectError, sessionCookie } from './api-helpers';
import { api, ConsentStack, createSession, Member, memberOf, startConsentStack } from './consent/consent-stack';
import { validRegisterPayload } from './fixtures';

const APP = 'https://consent.example';
const FOREIGN = 'https://evil.example';

function expectCrossSiteRefusal(response: Response): void {
  expectError(response, 403, API_ERRORS.crossSiteRequest.message);
  expect(response.body.code).toBe('cross_site_request');
}

/** State-changing calls authenticated by the session cookie alone must come from the app's own origin (PUBLIC_URL). */
const register = (stack: ConsentStack, headers: Record<string, string>) => async () =>
  api(stack)
    .post('/api/auth/register')
    .set(headers)
    .send(await validRegisterPayload());

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
    (await stack.consent.dataSource.query(`SELECT count(*)::int AS count FROM consent.consent_sessions`))[0]
      .count as number;
  const newSession = () => api(stack).post('/api/consent/sessions').set('Cookie', cookie());
  const signedIn = async () => (await api(stack).get('/api/auth/me').set('Cookie', cookie())).status === 200;

  it('refuses a cookie-only state change from a foreign origin, or with no origin at all, and changes nothing', async () => {
    const before = await consentSessions();

    for (const headers of [
      { Origin: FOREIGN },
      {},
      { Origin: 'null' },
      { Referer: `${FOREIGN}/page` },
      { Referer: 'not a url' },
      { Origin: 'https://consent.example.evil.example' },
    ]) {
      expectCrossSiteRefusal(await newSession().set(headers).send({ deleteAfterDays: 90 }));
    }
    expectCrossSiteRefusal(await api(stack).post('/api/auth/logout').set('Cookie', cookie()).set('Origin', FOREIGN));

    expect(await consentSessions()).toBe(before);
    expect(await signedIn()).toBe(true);
  });

  it('accepts a cookie-only state change from the app, as its Origin or else its Referer shows', async () => {
    expect((await newSession().set('Origin', APP).send({ deleteAfterDays: 90 })).status).toBe(201);
    expect((await newSession().set('Referer', `${APP}/consent/new?x=1`).send({ deleteAfterDays: 90 })).status).toBe(
      201,
    );
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
    // Before the phone is proved the link's token acts for the partner; after it, a SameSite=Strict cookie does.
    const session = await createSession(stack, member, undefined, { verifyPhone: false });
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
    const login = await api(stack)
      .post('/api/auth/login')
      .set('Origin', FOREIGN)
      .send({ username: account.username, password: account.password });
    const variant = await api(stack)
      .post('/API/Auth/Login/')
      .set('Origin', FOREIGN)
      .send({ username: account.username, password: account.password });

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
    expectCrossSiteRefusal(
      await api(stack)
        .post('/api/auth/login')
        .set('Cookie', cookie())
        .send({ username: account.username, password: account.password }),
    );
  });
});

/**
 * The app is reached at more than one address (localhost, 127.0.0.1, a LAN address a phone scanning the QR code uses,
 * a second configured domain): a page is of the app when its origin is where the request was sent, or configured.
 */
describe('the app at any of its addresses', () => {
  const SECOND = 'https://second.example';
  let direct: ConsentStack;

  beforeAll(async () => {
    direct = await startConsentStack(
      {},
      { PUBLIC_URL: 'http://localhost:3000', ALLOWED_ORIGINS: `${SECOND}, https://third.example/` },
    );
  });
  afterAll(() => direct.close());

  it.each([
    ['localhost', { Host: 'localhost:3000', Origin: 'http://localhost:3000' }],
    ['127.0.0.1', { Host: '127.0.0.1:3000', Origin: 'http://127.0.0.1:3000' }],
    ['a LAN address', { Host: '192.168.1.20:3000', Origin: 'http://192.168.1.20:3000' }],
    ['a configured second origin', { Host: 'localhost:3000', Origin: SECOND }],
  ])('registers and then makes a signed-in call from a page at %s', async (_address, headers) => {
    const registered = await register(direct, headers)();
    expect(registered.status).toBe(201);
    const signedOut = await api(direct)
      .post('/api/auth/logout')
      .set(headers)
      .set('Cookie', `session=${registered.body.token}`);
    expect(signedOut.status).toBe(204);
  });

  it('still refuses a foreign page, whatever address the request went to, and changes nothing', async () => {
    const before = await countUsers(direct.gateway);
    const foreignPages: Record<string, string>[] = [
      { Host: '127.0.0.1:3000', Origin: FOREIGN },
      { Host: '127.0.0.1:3000', Origin: 'http://127.0.0.1:3001' },
      { Host: '127.0.0.1:3000', Origin: 'https://127.0.0.1:3000' },
      // Forwarded headers count only behind a trusted proxy (TRUST_PROXY_HOPS is 0 here).
      { Host: '127.0.0.1:3000', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', Origin: FOREIGN },
    ];
    for (const headers of foreignPages) {
      expectCrossSiteRefusal(await register(direct, headers)());
    }
    expect(await countUsers(direct.gateway)).toBe(before);
  });
});

describe('the app behind a trusted proxy', () => {
  // One gateway alive at a time in a file: passport keeps one 'jwt' strategy per process.
  let proxied: ConsentStack;
  beforeAll(async () => {
    proxied = await startConsentStack({}, { PUBLIC_URL: APP, TRUST_PROXY_HOPS: '1' });
  });
  afterAll(() => proxied.close());

  it("takes the address from the proxy's forwarded headers", async () => {
    const viaProxy = { Host: '10.0.0.5:3000', 'X-Forwarded-Host': 'app.example', 'X-Forwarded-Proto': 'https' };
    expect((await register(proxied, { ...viaProxy, Origin: 'https://app.example' })()).status).toBe(201);
    expectCrossSiteRefusal(await register(proxied, { ...viaProxy, Origin: 'http://10.0.0.5:3000' })());
    expectCrossSiteRefusal(await register(proxied, { ...viaProxy, Origin: FOREIGN })());
  });
});
