import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDirectory } from '../../../frontend/build/precompress';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { getRaw, type RawAnswer } from './raw-http';

/** A small build, precompressed by the same step as `npm run build:web`. */
const FILES: Record<string, Buffer> = {
  'index.html': Buffer.from(
    `<!doctype html><html><head><title>ConsentIQ</title></head><body>${'<div id="root"></div>'.repeat(40)}</body></html>`,
  ),
  'assets/index-abc123.js': Buffer.from(`export const greeting = () => ${JSON.stringify('hello '.repeat(500))};\n`),
  'assets/index-abc123.css': Buffer.from('.card{border-radius:1rem;padding:1.5rem}\n'.repeat(50)),
  'icon.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(64).fill(7)]),
  ...Object.fromEntries(
    ['landing', 'login', 'register', 'consent-form'].map((page) => [
      `prerendered/${page}.html`,
      Buffer.from(
        `<!doctype html><html><head><title>ConsentIQ</title></head><body><div id="root"><main>${page} ${'prerendered '.repeat(40)}</main></div></body></html>`,
      ),
    ]),
  ),
};

/** A page of the app as brotli: revalidated, varying with the encoding and (which page the sign-in forms get) the cookie. */
const PAGE_HEADERS = {
  'content-encoding': 'br',
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  vary: expect.stringMatching(/^(?=.*Accept-Encoding)(?=.*Cookie)/i),
  'content-security-policy': expect.stringContaining("script-src 'self';"),
};

describe('the web app, compressed at build time', () => {
  let gateway: GatewayTestApp;
  let frontendDir: string;
  let get: (path: string, acceptEncoding?: string, headers?: Record<string, string>) => Promise<RawAnswer>;

  beforeAll(async () => {
    frontendDir = await mkdtemp(join(tmpdir(), 'frontend-serving-'));
    await mkdir(join(frontendDir, 'assets'));
    await mkdir(join(frontendDir, 'prerendered'));
    for (const [name, content] of Object.entries(FILES)) await writeFile(join(frontendDir, name), content);
    await precompressDirectory(frontendDir);
    gateway = await startGatewayTestApp({ FRONTEND_DIR: frontendDir });
    const server = gateway.app.getHttpServer();
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    get = (path, acceptEncoding, headers = {}) =>
      getRaw(port, path, acceptEncoding === undefined ? headers : { ...headers, 'Accept-Encoding': acceptEncoding });
  });
  afterAll(async () => {
    await gateway.close();
    await rm(frontendDir, { recursive: true, force: true });
  });

  it('writes a .br and a .gz copy of each text file, and none of the image', async () => {
    const names = (await readdir(frontendDir, { recursive: true })).sort();
    for (const text of ['index.html', 'assets/index-abc123.js', 'assets/index-abc123.css']) {
      expect(names).toEqual(expect.arrayContaining([`${text}.br`, `${text}.gz`]));
    }
    expect(names.filter((name) => name.startsWith('icon.png'))).toEqual(['icon.png']);
  });

  it('sends brotli when the browser accepts it, with the type of the original and Vary', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');

    expect(response.status).toBe(200);
    expect(response.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': expect.stringMatching(/^text\/javascript/),
      vary: expect.stringMatching(/Accept-Encoding/i),
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(response.body.length).toBeLessThan(FILES['assets/index-abc123.js'].length / 5);
    expect(brotliDecompressSync(response.body).equals(FILES['assets/index-abc123.js'])).toBe(true);
  });

  it('sends gzip to a client that accepts gzip but not brotli', async () => {
    for (const accept of ['gzip', 'gzip, br;q=0']) {
      const response = await get('/assets/index-abc123.css', accept);

      expect(response.headers).toMatchObject({
        'content-encoding': 'gzip',
        'content-type': expect.stringMatching(/^text\/css/),
      });
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
      expect(gunzipSync(response.body).equals(FILES['assets/index-abc123.css'])).toBe(true);
    }
  });

  it('sends the file as it is to a client that accepts neither', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const response = await get('/assets/index-abc123.js', accept);

      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
      expect(response.body.equals(FILES['assets/index-abc123.js'])).toBe(true);
    }
  });

  it.each(['/dashboard', '/consent/form/ciq-abc-123', '/consent/form/ciq-abc-123?token=', '/assets/missing.js'])(
    'answers %s with the compressed index.html, never cached without revalidation',
    async (path) => {
      const response = await get(path, 'br, gzip');

      expect(response.status).toBe(200);
      expect(response.headers).toMatchObject(PAGE_HEADERS);
      expect(brotliDecompressSync(response.body).equals(FILES['index.html'])).toBe(true);
    },
  );

  it.each([
    ['/', 'landing'],
    ['/?ref=abc', 'landing'],
    ['/login', 'login'],
    ['/register?ref=FRIEND', 'register'],
    ['/consent/form/ciq-abc-123?token=secret', 'consent-form'],
  ])('answers %s with the prerendered %s page, compressed, never cached without revalidation', async (path, page) => {
    const response = await get(path, 'br, gzip');

    expect(response.status).toBe(200);
    expect(response.headers).toMatchObject(PAGE_HEADERS);
    expect(brotliDecompressSync(response.body).equals(FILES[`prerendered/${page}.html`])).toBe(true);
    const gzip = await get(path, 'gzip');
    expect(gunzipSync(gzip.body).equals(FILES[`prerendered/${page}.html`])).toBe(true);
  });

  it('answers the sign-in forms with the plain index.html to a browser with a session cookie, which the app sends on', async () => {
    for (const path of ['/login', '/register']) {
      const response = await get(path, 'identity', { Cookie: 'session=some.signed.token' });
      expect(response.body.equals(FILES['index.html'])).toBe(true);
    }
    const landing = await get('/', 'identity', { Cookie: 'session=some.signed.token' });
    expect(landing.body.equals(FILES['prerendered/landing.html'])).toBe(true);
  });

  it('sends a file without a compressed copy as it is, even to a client accepting brotli', async () => {
    const response = await get('/icon.png', 'br, gzip');

    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.body.equals(FILES['icon.png'])).toBe(true);
  });

  it('never serves a file from outside the build', async () => {
    const response = await get('/..%2f..%2f..%2fetc%2fpasswd', 'identity');

    expect(response.status).toBe(200);
    expect(response.body.equals(FILES['index.html'])).toBe(true);
  });

  it('leaves API paths to the API', async () => {
    const response = await get('/api/nope', 'identity');

    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toEqual({ error: expect.any(String), code: 'not_found' });
  });
});
