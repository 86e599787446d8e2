import { expectError, login, registerOk } from './api-helpers';
import { uniqueEmail } from './fixtures';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

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

  it("refuses a guesser who used up an account's failures from one address (429, Retry-After), while the owner signs in from another at once", async () => {
    const account = await registerOk(gateway);
    for (let attempt = 0; attempt < PER_ACCOUNT; attempt += 1) {
      expect((await login(gateway, account.username, 'wrong password', '192.0.2.66')).status).toBe(401);
    }

    const guesser = await login(gateway, account.username, 'another guess', '192.0.2.66');
    expectError(guesser, 429, /^Too many failed sign-in attempts\. Try again in /);
    expect(guesser.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expectError(await login(gateway, account.username, account.password, '192.0.2.66'), 429);

    const owner = await login(gateway, account.username, account.password, '198.51.100.20');
    expect(owner.status).toBe(200);
    expect(owner.body.user.id).toBe(account.user.id);
  });

  it('gives each guessing address its own budget per account, so guessers from many addresses cannot lock the owner out', async () => {
    const account = await registerOk(gateway);
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      for (let attempt = 0; attempt < PER_ACCOUNT; attempt += 1) {
        expect((await login(gateway, account.username, 'wrong password', address)).status).toBe(401);
      }
      expectError(await login(gateway, account.username, 'wrong password', address), 429);
    }

    expect((await login(gateway, account.username, account.password, '198.51.100.21')).status).toBe(200);
  });
});
