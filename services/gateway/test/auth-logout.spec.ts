import { SIGN_IN_HINT_COOKIE } from '@app/contracts';
import { LiveSignInStore } from '../src/sign-ins/live-sign-ins/live-sign-in.store';
import { expectError, http, login, registerOk, sessionCookie } from './api-helpers';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

describe('POST /api/auth/logout', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    gateway = await startGatewayTestApp();
  });
  afterAll(() => gateway.close());

  const me = (headers: Record<string, string>) => http(gateway).get('/api/auth/me').set(headers);

  it('answers 204 with no body and clears the session cookie and its readable companion', async () => {
    const { token } = await registerOk(gateway);

    // A cookie-only call: it must come from the app's own origin (cross-site request defence).
    const response = await http(gateway)
      .post('/api/auth/logout')
      .set('Cookie', `session=${token}`)
      .set('Origin', gateway.config.PUBLIC_URL);

    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    const cleared = sessionCookie(response);
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    expect(new Date(String(cleared!.attributes.expires)).getTime()).toBeLessThanOrEqual(Date.now());
    expect(cleared!.attributes.path).toBe('/');
    expect(cleared!.attributes.httponly).toBe(true);
    const hint = sessionCookie(response, SIGN_IN_HINT_COOKIE);
    expect(hint?.value).toBe('');
    expect(new Date(String(hint!.attributes.expires)).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('revokes the token server-side: the same token is refused afterwards as Bearer and as cookie', async () => {
    const { token } = await registerOk(gateway);
    expect((await me({ Authorization: `Bearer ${token}` })).status).toBe(200);

    expect((await http(gateway).post('/api/auth/logout').set('Authorization', `Bearer ${token}`)).status).toBe(204);

    expectError(await me({ Authorization: `Bearer ${token}` }), 401);
    expectError(await me({ Cookie: `session=${token}` }), 401);
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string };
    const [session] = await gateway.dataSource.query('SELECT revoked_at FROM identity.auth_sessions WHERE id = $1', [
      sid,
    ]);
    expect(session.revoked_at).toBeInstanceOf(Date);
  });

  it('ends only that session: the same user signed in elsewhere stays signed in', async () => {
    const account = await registerOk(gateway);
    const phone = (await login(gateway, account.username, account.password)).body.token as string;

    expect((await http(gateway).post('/api/auth/logout').set('Authorization', `Bearer ${account.token}`)).status).toBe(
      204,
    );

    expectError(await me({ Authorization: `Bearer ${account.token}` }), 401);
    const stillIn = await me({ Authorization: `Bearer ${phone}` });
    expect(stillIn.status).toBe(200);
    expect(stillIn.body.id).toBe(account.user.id);
  });

  it('refuses a second logout with the revoked token with 401', async () => {
    const { token } = await registerOk(gateway);
    expect((await http(gateway).post('/api/auth/logout').set('Authorization', `Bearer ${token}`)).status).toBe(204);

    expectError(await http(gateway).post('/api/auth/logout').set('Authorization', `Bearer ${token}`), 401);
  });

  it('answers 401 {error} when not signed in', async () => {
    expectError(await http(gateway).post('/api/auth/logout'), 401);
  });

  it('changes nothing when Redis cannot hide the sign-in from the polls first: a 503, and the token still signs in', async () => {
    const { token } = await registerOk(gateway);
    const away = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    const mark = jest.spyOn(LiveSignInStore.prototype, 'markSignIn').mockRejectedValueOnce(away);

    expectError(await http(gateway).post('/api/auth/logout').set('Authorization', `Bearer ${token}`), 503);
    expect(mark).toHaveBeenCalledTimes(1);
    expect((await me({ Authorization: `Bearer ${token}` })).status).toBe(200);
    // Once Redis answers again, the same sign-out goes through.
    expect((await http(gateway).post('/api/auth/logout').set('Authorization', `Bearer ${token}`)).status).toBe(204);
    expectError(await me({ Authorization: `Bearer ${token}` }), 401);
    mark.mockRestore();
  });
});
