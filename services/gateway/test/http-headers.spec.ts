import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { http } from './api-helpers';

describe('headers on every answer', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    gateway = await startGatewayTestApp();
  });
  afterAll(() => gateway.close());

  it.each([
    ['a success', '/api/site'],
    ['an error', '/api/nope'],
  ])('sends the security headers on %s and hides the framework', async (_label, path) => {
    const response = await http(gateway).get(path);

    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one with a UUID', async () => {
    const echoed = await http(gateway).get('/api/site').set('X-Request-Id', 'abc-123_DEF');
    expect(echoed.headers['x-request-id']).toBe('abc-123_DEF');

    const replaced = await http(gateway).get('/api/site').set('X-Request-Id', 'bad id\twith spaces');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
