import { expectError, http, login, registerOk, snapshotWrites } from './api-helpers';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

/** Spec section 5, login rules: valid e-mail, password of at least 6 characters. */
describe('POST /api/auth/login validation', () => {
  let gateway: GatewayTestApp;
  let account: { username: string; password: string };
  beforeAll(async () => {
    // A low account limit shows that refused input is not counted as a failed sign-in.
    gateway = await startGatewayTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '2' });
    account = await registerOk(gateway);
  });
  afterAll(() => gateway.close());

  const cases: Array<[string, () => Record<string, unknown>, string]> = [
    ['a missing e-mail', () => ({ password: account.password }), 'Valid email required'],
    ['an invalid e-mail', () => ({ username: 'alex-at-example', password: account.password }), 'Valid email required'],
    ['an e-mail that is a number', () => ({ username: 42, password: account.password }), 'Valid email required'],
    ['a missing password', () => ({ username: account.username }), 'Password must be at least 6 characters'],
    [
      'a 5-character password',
      () => ({ username: account.username, password: '12345' }),
      'Password must be at least 6 characters',
    ],
  ];

  it.each(cases)('refuses %s with 400, issues no session and writes nothing', async (_label, body, message) => {
    const before = await snapshotWrites(gateway);

    const response = await http(gateway).post('/api/auth/login').send(body());

    expectError(response, 400, message);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await snapshotWrites(gateway)).toEqual(before);
  });

  it('does not count refused input as failed sign-ins: the account still signs in afterwards', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(
        (await http(gateway).post('/api/auth/login').send({ username: account.username, password: '123' })).status,
      ).toBe(400);
    }
    expect((await login(gateway, account.username, account.password)).status).toBe(200);
  });
});
