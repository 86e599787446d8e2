import type { AddressInfo } from 'node:net';
import { expectError, http, snapshotWrites } from './api-helpers';
import { MB, VALID_PASSWORD } from './fixtures';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { rawExchange } from './raw-http';

/** docs/API.md: every error answer is `{error}` JSON with a 4xx/5xx status; bad input is never a 500. */
describe('HTTP error answers', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    gateway = await startGatewayTestApp();
  });
  afterAll(() => gateway.close());

  const postRaw = (path: string, contentType: string, body: string | Buffer) =>
    http(gateway).post(path).set('Content-Type', contentType).send(body);

  describe('malformed or oversized bodies', () => {
    it('answers malformed JSON with 400 {error}', async () => {
      expectError(await postRaw('/api/auth/login', 'application/json', '{"username": "a@b.cd", "password":'), 400);
    });

    it('answers malformed JSON with the generic message, without echoing the body back', async () => {
      const response = await postRaw(
        '/api/auth/login',
        'application/json',
        '{"username":"a@b.cd","password": hunter2secret}',
      );

      expectError(response, 400, 'Request body is not valid JSON');
    });

    it('answers a JSON body over the 8 MB limit with 413 {error}', async () => {
      const before = await snapshotWrites(gateway);
      const response = await http(gateway)
        .post('/api/auth/register')
        .send({ username: 'big@example.test', profilePicture: 'x'.repeat(9 * MB) });

      expectError(response, 413, 'Request body is too large');
      expect(await snapshotWrites(gateway)).toEqual(before);
    });

    it('answers a JSON body nested 5,000 levels deep with 400 body_too_deep, writing nothing', async () => {
      const before = await snapshotWrites(gateway);
      const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
      for (const path of ['/api/auth/register', '/api/auth/login']) {
        const response = await postRaw(path, 'application/json', deep);
        expectError(response, 400, 'Request body is nested too deeply');
        expect(response.body.code).toBe('body_too_deep');
      }
      expect(await snapshotWrites(gateway)).toEqual(before);
    });

    it('reads a body nested up to 32 levels (then validates it as usual)', async () => {
      const response = await postRaw(
        '/api/auth/login',
        'application/json',
        `{"username":${'['.repeat(31)}1${']'.repeat(31)}}`,
      );
      expectError(response, 400, 'Valid email required');
    });

    it('answers an unsupported Content-Encoding with 415 {error}', async () => {
      const response = await http(gateway)
        .post('/api/auth/login')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'snappy')
        .send('{}');
      expectError(response, 415);
    });

    it('answers a JSON body in an unsupported charset with 415 {error}, not 500', async () => {
      expectError(await postRaw('/api/auth/login', 'application/json; charset=latin1', '{"username":"a@b.cd"}'), 415);
    });

    it('answers a body whose gzip encoding is corrupt with 400 {error}, not 500', async () => {
      const response = await http(gateway)
        .post('/api/auth/login')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send('this is not gzip');
      expectError(response, 400);
    });

    // The API reads JSON only: a form body is left unparsed and fails validation like an empty body.
    it('answers a form body with many fields with 400 {error}, not 500', async () => {
      const fields = Array.from({ length: 1100 }, (_, index) => `f${index}=1`).join('&');
      expectError(await postRaw('/api/auth/login', 'application/x-www-form-urlencoded', fields), 400);
    });

    it('answers a deeply nested form body with 400 {error}, not 500', async () => {
      expectError(
        await postRaw('/api/auth/login', 'application/x-www-form-urlencoded', `username${'[a]'.repeat(40)}=1`),
        400,
      );
    });
  });

  describe('requests Node cannot parse still get {error, code} JSON', () => {
    let port: number;
    beforeAll(async () => {
      const server = gateway.app.getHttpServer();
      await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
      port = (server.address() as AddressInfo).port;
    });

    /** Status line, JSON body and Connection header of a raw HTTP answer. */
    function parse(answer: string): { status: number; body: unknown; connection?: string } {
      const [head, body] = answer.split('\r\n\r\n');
      const connection = /\r\nconnection: *([^\r]+)/i.exec(head)?.[1];
      expect(head).toMatch(/\r\ncontent-type: application\/json/i);
      return { status: Number(head.split(' ')[1]), body: JSON.parse(body), connection };
    }

    it.each([
      [
        'a Content-Length that is not a number',
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}',
      ],
      [
        'both Content-Length and chunked encoding',
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      ],
      ['a header line without a colon', 'GET /api/site HTTP/1.1\r\nHost: x\r\nthis is no header\r\n\r\n'],
      ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n'],
    ])('answers %s with 400', async (_label, request) => {
      expect(parse(await rawExchange(port, request))).toEqual({
        status: 400,
        body: { error: 'The request could not be read', code: 'bad_request' },
        connection: 'close',
      });
    });

    it('answers a request whose body runs past its Content-Length once, as that request, then closes', async () => {
      const body = '{"username":"nobody@example.test","password":"secret1"}GARBAGE';
      const answer = await rawExchange(
        port,
        `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length - 7}\r\n\r\n${body}`,
      );
      expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
      expect(parse(answer)).toMatchObject({
        status: 401,
        body: { error: 'Invalid email or password', code: 'invalid_credentials' },
      });
    });

    it('answers a JSON body declared far over the 8 MB limit with 413 at once, without waiting for it, and closes', async () => {
      const started = Date.now();
      const answer = await rawExchange(
        port,
        `POST /api/auth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 * MB}\r\n\r\n{"username":`,
      );
      expect(parse(answer)).toEqual({
        status: 413,
        body: { error: 'Request body is too large', code: 'body_too_large' },
        connection: 'close',
      });
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('answers headers over the size limit with 431', async () => {
      const answer = await rawExchange(
        port,
        `GET /api/site HTTP/1.1\r\nHost: x\r\nX-Filler: ${'x'.repeat(20_000)}\r\n\r\n`,
      );
      expect(parse(answer)).toEqual({
        status: 431,
        body: { error: 'Request headers are too large', code: 'bad_request' },
        connection: 'close',
      });
    });
  });

  describe('unknown paths', () => {
    it.each([
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper'],
      ['GET', '/api/auth/login'],
      ['DELETE', '/api/auth/me'],
    ] as const)('answers %s %s with 404 {error}', async (method, path) => {
      const call =
        method === 'GET'
          ? http(gateway).get(path)
          : method === 'POST'
            ? http(gateway).post(path)
            : http(gateway).delete(path);
      expectError(await call, 404);
    });

    it('answers a path with broken percent-encoding with a 4xx {error}, not 500', async () => {
      const response = await http(gateway).get('/api/media/profile-pictures/%E0%A4%A');
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expectError(response, response.status);
    });
  });

  describe('wrongly typed input is a 400, never a 500', () => {
    const valid = {
      username: 'typed@example.test',
      password: VALID_PASSWORD,
      fullName: 'Alex Doe',
      phoneNumber: '+1 555 123 4567',
    };

    it.each<[string, string, unknown, string | undefined]>([
      [
        'register: profilePicture as a number',
        '/api/auth/register',
        { ...valid, profilePicture: 12345 },
        'Profile picture required',
      ],
      [
        'register: profilePicture as an object',
        '/api/auth/register',
        { ...valid, profilePicture: { data: 'x' } },
        'Profile picture required',
      ],
      [
        'register: username as an array',
        '/api/auth/register',
        { ...valid, username: ['a@b.cd'], profilePicture: 'data:,' },
        'Valid email required',
      ],
      [
        'register: fullName as null',
        '/api/auth/register',
        { ...valid, fullName: null, profilePicture: 'data:,' },
        'Full name is required',
      ],
      [
        'register: phoneNumber as a number',
        '/api/auth/register',
        { ...valid, phoneNumber: 15551234567, profilePicture: 'data:,' },
        'Valid phone number required',
      ],
      [
        'login: password as an object',
        '/api/auth/login',
        { username: 'a@b.cd', password: { $gt: '' } },
        'Password must be at least 6 characters',
      ],
      [
        'login: username as an array',
        '/api/auth/login',
        { username: ['a@b.cd'], password: VALID_PASSWORD },
        'Valid email required',
      ],
      ['login: a JSON array as the body', '/api/auth/login', [1, 2, 3], undefined],
      ['register: a JSON array as the body', '/api/auth/register', [valid], undefined],
      ['login: an empty object', '/api/auth/login', {}, 'Valid email required'],
    ])('%s', async (_label, path, body, message) => {
      const before = await snapshotWrites(gateway);
      expectError(
        await http(gateway)
          .post(path)
          .send(body as object),
        400,
        message,
      );
      expect(await snapshotWrites(gateway)).toEqual(before);
    });

    it.each([
      ['a JSON string', 'application/json', '"just a string"'],
      ['JSON null', 'application/json', 'null'],
      ['a JSON number', 'application/json', '42'],
      ['an empty JSON body', 'application/json', ''],
      ['plain text', 'text/plain', 'username=a@b.cd&password=secret'],
      ['a form', 'application/x-www-form-urlencoded', 'username=a%40b.cd'],
    ])('answers a login body that is %s with 400 {error}', async (_label, contentType, body) => {
      expectError(await postRaw('/api/auth/login', contentType, body), 400);
    });
  });
});
