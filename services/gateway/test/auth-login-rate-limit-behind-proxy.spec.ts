import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { expectError, login, registerOk } from './api-helpers';
import { uniqueEmail } from './fixtures';

const PER_ACCOUNT = 3;
const PER_IP = 4;

/** Behind one trusted proxy (TRUST_PROXY_HOPS=1) the client address comes from X-Forwarded-For. */
describe('sign-in rate limits behind a trusted proxy', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    gateway = await startGatewayTestApp({
      TRUST_PROXY_HOPS: '1',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
      LOGIN_MAX_FAILURES_PER_IP: String(PER_IP),
    });
  });
  afterAll(() => gateway.close());

  it('counts failures per forwarded client address: one blocked client does not block another', async () => {
    const account = await registerOk(gateway);
    for (let attempt = 0; attempt < PER_IP; attempt += 1) {
      expect((await login(gateway, uniqueEmail('spray'), 'wrong password', '198.51.100.7')).status).toBe(401);
    }

    expectError(await login(gateway, account.username, account.password, '198.51.100.7'), 429);
    expect((await login(gateway, account.username, account.password, '198.51.100.8')).status).toBe(200);
  });

  it('blocks an account attacked from many addresses once its own limit is reached', async () => {
    const account = await registerOk(gateway);
    for (let attempt = 0; attempt < PER_ACCOUNT; attempt += 1) {
      expect((await login(gateway, account.username, 'wrong password', `192.0.2.${attempt + 1}`)).status).toBe(401);
    }

    const blocked = await login(gateway, account.username, account.password, '192.0.2.99');
    expectError(blocked, 429, /^Too many failed sign-in attempts\. Try again in /);
    expect(blocked.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  });
});
