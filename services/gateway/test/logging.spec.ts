import { CapturedStdout, captureStdout } from '@app/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import { http, login, registerOk } from './api-helpers';
import { uniqueEmail, VALID_PHONE } from './fixtures';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

/** What the gateway logs must not hold secrets or personal data. */
describe('logs', () => {
  let gateway: GatewayTestApp;
  let output: CapturedStdout<GatewayTestApp>;

  beforeAll(async () => {
    output = await captureStdout(async () => {
      const app = await startGatewayTestApp({ LOG_LEVEL: 'info' });
      // app.listen() does this in production; without it Nest's own log lines (5xx errors) stay buffered.
      app.app.flushLogs();
      return app;
    });
    gateway = output.value;
  });
  afterAll(async () => {
    output?.restore();
    await gateway?.close();
  });

  it('never logs passwords, phone numbers, e-mails, tokens or query strings, while still logging each request', async () => {
    const password = 'Pa55word-that-must-not-leak';
    const phone = '+44 20 7946 0958';
    const email = uniqueEmail('logged');
    const partnerToken = 'partner-link-token-0123456789';

    const account = await registerOk(gateway, { username: email, password, phoneNumber: phone });
    const signedIn = (await login(gateway, email, password)).body.token as string;
    await login(gateway, email, `${password}-wrong`);
    await http(gateway).get('/api/auth/me').set('Authorization', `Bearer ${account.token}`);
    await http(gateway).get('/api/auth/me').set('Cookie', `session=${signedIn}`);
    await http(gateway).get(`/api/site?token=${partnerToken}`);
    // A 5xx path as well: its error is logged with a stack.
    await http(gateway)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json; charset=latin1')
      .send(JSON.stringify({ username: email, password }));
    await http(gateway).post('/api/auth/logout').set('Authorization', `Bearer ${signedIn}`);
    await sleep(100);

    const log = output.text();
    // The capture works: the requests above are in it, as JSON lines with method and path only.
    const entries = output.entries();
    const paths = entries.filter((entry) => entry.msg === 'request completed').map((entry) => entry.req?.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/register',
        '/api/auth/login',
        '/api/auth/me',
        '/api/site',
        '/api/auth/logout',
      ]),
    );
    for (const entry of entries.filter((candidate) => candidate.req))
      expect(Object.keys(entry.req!).sort()).toEqual(['id', 'method', 'path']);

    for (const secret of [
      password,
      phone,
      phone.replace(/\D/g, ''),
      VALID_PHONE,
      email,
      account.token,
      signedIn,
      partnerToken,
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/eyJ[\w-]+\.eyJ/); // no JWT of any kind
    expect(log).not.toContain('data:image');
  });
});
