import { SIGN_IN_HINT_COOKIE } from '@app/contracts';
import { countSessions, expectError, login, registerOk, sessionCookie, USER_FIELDS } from './api-helpers';
import { uniqueEmail } from './fixtures';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

const INVALID = 'Invalid email or password';

describe('POST /api/auth/login', () => {
  let gateway: GatewayTestApp;
  let account: Awaited<ReturnType<typeof registerOk>>;
  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    account = await registerOk(gateway);
  });
  afterAll(() => gateway.close());

  it('answers 200 {user, token} with the same User as at registration and a new session cookie', async () => {
    const response = await login(gateway, account.username, account.password);

    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['token', 'user']);
    expect(Object.keys(response.body.user).sort()).toEqual(USER_FIELDS);
    expect(response.body.user).toEqual(account.user);
    expect(response.body.token).not.toBe(account.token);
    const cookie = sessionCookie(response);
    expect(cookie?.value).toBe(response.body.token);
    expect(cookie?.attributes.httponly).toBe(true);
    expect(String(cookie?.attributes.samesite).toLowerCase()).toBe('lax');
    // Its readable companion, for the web app's public pages: no secret, the same life.
    const hint = sessionCookie(response, SIGN_IN_HINT_COOKIE);
    expect(hint?.value).toBe('1');
    expect(hint?.attributes.httponly).toBeUndefined();
    expect(hint?.attributes['max-age']).toBe(cookie?.attributes['max-age']);
  });

  it('accepts the e-mail in any letter case', async () => {
    const response = await login(gateway, account.username.toUpperCase(), account.password);
    expect(response.status).toBe(200);
    expect(response.body.user.id).toBe(account.user.id);
  });

  it('refuses a wrong password with 401 "Invalid email or password", no cookie and no session', async () => {
    const sessionsBefore = await countSessions(gateway);

    const response = await login(gateway, account.username, 'not the password');

    expectError(response, 401, INVALID);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await countSessions(gateway)).toBe(sessionsBefore);
  });

  it('answers an unknown e-mail exactly like a wrong password, so accounts cannot be discovered', async () => {
    const wrongPassword = await login(gateway, account.username, 'not the password');
    const unknownEmail = await login(gateway, uniqueEmail('nobody'), 'not the password');

    expectError(unknownEmail, 401, INVALID);
    expect({ status: unknownEmail.status, body: unknownEmail.body }).toEqual({
      status: wrongPassword.status,
      body: wrongPassword.body,
    });
  });
});
