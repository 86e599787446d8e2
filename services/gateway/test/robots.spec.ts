import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http } from './api-helpers';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

/** Search engines: a leaked partner link, a receipt or a staff page must never be crawled or indexed. */
describe('robots', () => {
  let gateway: GatewayTestApp;
  let frontendDir: string;

  beforeAll(async () => {
    frontendDir = await mkdtemp(join(tmpdir(), 'robots-frontend-'));
    await writeFile(join(frontendDir, 'index.html'), '<!doctype html><title>web app</title>');
    gateway = await startGatewayTestApp({ FRONTEND_DIR: frontendDir });
  });
  afterAll(async () => {
    await gateway.close();
    await rm(frontendDir, { recursive: true, force: true });
  });

  it('serves /robots.txt as text, not the web app, disallowing partner links, receipts and staff pages', async () => {
    const response = await http(gateway).get('/robots.txt');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.text).toBe(
      ['User-agent: *', 'Disallow: /consent/form', 'Disallow: /r/', 'Disallow: /admin', 'Disallow: /support', ''].join(
        '\n',
      ),
    );
    expect(response.headers['x-robots-tag']).toBeUndefined();
  });

  it.each([
    '/consent/form/ciq-abc-123?token=secret',
    '/consent/form',
    '/Consent/Form/ciq-abc-123',
    '/r/3f1c2d4e',
    '/admin/sessions/3f1c2d4e',
    '/admin/queues',
    '/support',
  ])('sends X-Robots-Tag: noindex, nofollow with %s', async (path) => {
    const response = await http(gateway).get(path);

    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it("sends it with the partner link's API read too, whatever it answers", async () => {
    const response = await http(gateway).get('/api/consent/sessions/qr/ciq-abc-123?token=secret');

    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it.each(['/', '/login', '/register', '/consent/new', '/learn', '/api/site'])('lets %s be indexed', async (path) => {
    const response = await http(gateway).get(path);

    expect(response.status).toBe(200);
    expect(response.headers['x-robots-tag']).toBeUndefined();
  });
});
