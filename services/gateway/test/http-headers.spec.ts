import { http, registerOk } from './api-helpers';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

const POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; " +
  "connect-src 'self' ws://app.example.test; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

describe('headers on every answer', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    gateway = await startGatewayTestApp({ PUBLIC_URL: 'http://app.example.test' });
  });
  afterAll(() => gateway.close());

  it.each([
    ['a success', '/api/site'],
    ['an error', '/api/nope'],
    ['a path outside the API', '/consent/form/ciq-abc?token=t'],
  ])('sends the security headers on %s and hides the framework', async (_label, path) => {
    const response = await http(gateway).get(path);

    expect(response.headers).toMatchObject({
      'content-security-policy': POLICY,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('sends no Strict-Transport-Security unless the site declares HTTPS (COOKIE_SECURE)', async () => {
    expect((await http(gateway).get('/api/site')).headers['strict-transport-security']).toBeUndefined();
  });

  it('lets no cache keep an API answer, success or failure', async () => {
    const { token } = await registerOk(gateway);
    const answers = [
      await http(gateway).get('/api/site'),
      await http(gateway).get('/api/auth/me').set('Authorization', `Bearer ${token}`),
      await http(gateway).get('/api/auth/me'),
      await http(gateway).get('/api/nope'),
    ];

    expect(answers.map((answer) => [answer.status, answer.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [401, 'no-store'],
      [404, 'no-store'],
    ]);
  });

  it('keeps the private cache rule of profile pictures (public by unguessable name, never changed)', async () => {
    const { user } = await registerOk(gateway);
    const picture = await http(gateway).get(String(user.profile_picture_url));

    expect(picture.status).toBe(200);
    expect(picture.headers['cache-control']).toBe('private, max-age=86400, immutable');
    expect(
      (await http(gateway).get('/api/media/profile-pictures/0123456789abcdef0123456789abcdef.webp')).headers[
        'cache-control'
      ],
    ).toBe('no-store');
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one with a UUID', async () => {
    const echoed = await http(gateway).get('/api/site').set('X-Request-Id', 'abc-123_DEF');
    expect(echoed.headers['x-request-id']).toBe('abc-123_DEF');

    const replaced = await http(gateway).get('/api/site').set('X-Request-Id', 'bad id\twith spaces');
    expect(replaced.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('headers of a site served over HTTPS (COOKIE_SECURE=true)', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    gateway = await startGatewayTestApp({ COOKIE_SECURE: 'true', PUBLIC_URL: 'https://consent.example.test' });
  });
  afterAll(() => gateway.close());

  it('sends Strict-Transport-Security for a year, subdomains included, and allows the secure websocket', async () => {
    const response = await http(gateway).get('/api/site');

    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['content-security-policy']).toContain("connect-src 'self' wss://consent.example.test;");
  });
});
